import { expect, it } from 'vitest';
import type { Patient } from '@odonto/domain/contracts/patients';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { PATIENT_MESSAGES } from './patient-messages';
import { auditRows, createPatientVia, listVia, patientForm, signIn } from './patients.test-support';

describeEachDialect('patients: block, delete, restore', ({ useApp }) => {
  const t = useApp();

  it('toggles blocked on each call and audits it; the form version stays valid', async () => {
    const cookie = await signIn(t(), 'medic');
    const saved = await createPatientVia(t().app, cookie);
    const block = () =>
      call(t().app, { method: 'POST', url: '/api/block-pacient', cookie, body: { id: saved._id } });
    const first = await block();
    expect(first.statusCode).toBe(200);
    expect(first.json<Patient>()).toMatchObject({ _id: saved._id, blocked: true, version: 1 });
    expect((await listVia(t().app, cookie)).pacienti[0]).toMatchObject({ blocked: true });
    expect((await block()).json<Patient>().blocked).toBe(false);
    const rows = (await auditRows(t())).filter((row) => row.action === 'patient_block');
    expect(rows.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([
      { blocked: true },
      { blocked: false },
    ]);
    // The edit screen's own block toggle does not make its open form stale.
    const update = await call(t().app, {
      method: 'POST',
      url: `/api/update-pacient/${saved._id}`,
      cookie,
      body: { ...patientForm({ prenume: 'Dan' }), version: 1 },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json<Patient>()).toMatchObject({ blocked: false, prenume: 'Dan', version: 2 });
  });

  it('soft-deletes: {id}, gone from the list, the search and get-pacient; an admin restores it', async () => {
    const medic = await signIn(t(), 'medic');
    const admin = await signIn(t(), 'admin');
    const saved = await createPatientVia(t().app, medic, { nume: 'Sters' });
    await createPatientVia(t().app, medic, { nume: 'Ramas' });

    const deleted = await call(t().app, { url: `/api/delete-pacient/${saved._id}`, cookie: medic });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: saved._id });
    expect((await listVia(t().app, medic)).pacienti.map((p) => p.nume)).toEqual(['Ramas']);
    expect((await listVia(t().app, medic, { q: 'sters' })).total).toBe(0);
    expect((await call(t().app, { url: `/api/get-pacient/${saved._id}`, cookie: medic })).statusCode).toBe(
      404,
    );
    const again = await call(t().app, { url: `/api/delete-pacient/${saved._id}`, cookie: medic });
    expect(again.statusCode).toBe(404);
    const row = await t()
      .db.selectFrom('patients')
      .selectAll()
      .where('id', '=', saved._id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBe(t().clock.now().toISOString());
    expect(row.deleted_by).not.toBeNull();

    // The admin sees the deleted ones apart, may open one, and restores it.
    const bin = await listVia(t().app, admin, { deleted: 'true' });
    expect(bin.pacienti).toMatchObject([{ _id: saved._id, deletedAt: row.deleted_at }]);
    expect(bin.total).toBe(1);
    const opened = await call(t().app, { url: `/api/get-pacient/${saved._id}`, cookie: admin });
    expect(opened.json<Patient>().deletedAt).toBe(row.deleted_at);
    const restored = await call(t().app, {
      method: 'POST',
      url: `/api/restore-pacient/${saved._id}`,
      cookie: admin,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Patient>()).toMatchObject({ _id: saved._id, nume: 'Sters', deletedAt: null });
    expect((await listVia(t().app, medic, { q: 'sters' })).total).toBe(1);
    expect((await call(t().app, { url: `/api/get-pacient/${saved._id}`, cookie: medic })).statusCode).toBe(
      200,
    );

    const actions = (await auditRows(t())).filter((r) => r.patient_id === saved._id).map((r) => r.action);
    expect(actions).toEqual([
      'patient_create',
      'patient_delete',
      'patient_view',
      'patient_restore',
      'patient_view',
    ]);
  });

  it('answers 409 to restoring a patient that is not deleted, 404 to an unknown one', async () => {
    const admin = await signIn(t(), 'admin');
    const saved = await createPatientVia(t().app, admin);
    const restore = (id: string) =>
      call(t().app, { method: 'POST', url: `/api/restore-pacient/${id}`, cookie: admin });
    const notDeleted = await restore(saved._id);
    expect(notDeleted.statusCode).toBe(409);
    expect(errorOf(notDeleted).message).toBe(PATIENT_MESSAGES.notDeleted);
    expect((await restore('nu-exista')).statusCode).toBe(404);
  });

  it('refuses to update or block a deleted patient', async () => {
    const cookie = await signIn(t(), 'medic');
    const saved = await createPatientVia(t().app, cookie);
    await call(t().app, { url: `/api/delete-pacient/${saved._id}`, cookie });
    const update = await call(t().app, {
      method: 'POST',
      url: `/api/update-pacient/${saved._id}`,
      cookie,
      body: { ...patientForm(), version: 1 },
    });
    expect(update.statusCode).toBe(404);
    const block = await call(t().app, {
      method: 'POST',
      url: '/api/block-pacient',
      cookie,
      body: { id: saved._id },
    });
    expect(block.statusCode).toBe(404);
  });
});
