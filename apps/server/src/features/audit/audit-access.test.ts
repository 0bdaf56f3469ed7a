import { expect, it } from 'vitest';
import type { AuditListResponse } from '@odonto/domain/contracts/audit';
import { describeEachDialect } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { createPatientVia, listAuditVia, signInWith } from './audit.test-support';

const ROUTES = ['/api/audit', '/api/audit/actions', '/api/audit/users', '/api/audit/export.csv'];

describeEachDialect('audit access', ({ useApp }) => {
  const t = useApp();

  it.each(ROUTES)('%s answers 401 in Romanian when signed out', async (url) => {
    const response = await call(t().app, { url });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toMatchObject({
      code: 'unauthenticated',
      message: 'Trebuie să vă autentificați.',
    });
  });

  it.each(['medic', 'asistent', 'sterilizare'])('answers 403 to a %s on every audit call', async (role) => {
    const { cookie } = await signInWith(t(), [role]);
    for (const url of ROUTES) {
      const response = await call(t().app, { url, cookie });
      expect(response.statusCode, url).toBe(403);
      expect(errorOf(response).message).toBe('Nu aveți acces la această operațiune.');
    }
    const exports = await t()
      .db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'audit_export')
      .execute();
    expect(exports).toEqual([]);
  });

  it.each([['admin'], ['dinstitute_admin'], ['medic', 'admin']])('lets %s read the log', async (...roles) => {
    const { cookie } = await signInWith(t(), roles);
    for (const url of ROUTES) expect((await call(t().app, { url, cookie })).statusCode, url).toBe(200);
  });

  it("a medic's view of a patient shows on the admin's list filtered by that patient, with the medic's name", async () => {
    const admin = await signInWith(t(), ['admin'], 'Andreea Popescu');
    const medic = await signInWith(t(), ['medic'], 'Dr. Mihai Ionescu');
    const patient = await createPatientVia(t(), admin.cookie, { nume: 'Vasilescu', prenume: 'Elena' });
    await createPatientVia(t(), admin.cookie, { nume: 'Altul', prenume: 'Pacient' });
    t().clock.advanceMinutes(5);

    const view = await call(t().app, {
      url: `/api/get-pacient/${patient._id}`,
      cookie: medic.cookie,
      remoteAddress: '192.0.2.77',
    });
    expect(view.statusCode).toBe(200);

    const answer: AuditListResponse = await listAuditVia(t(), admin.cookie, { patient: patient._id });
    expect(answer.patient).toEqual({ id: patient._id, label: `Vasilescu Elena (fișa nr. ${patient.id})` });
    expect(answer.rows.map((row) => row.action)).toEqual(['patient_view', 'patient_create']);
    expect(answer.rows[0]).toMatchObject({
      at: t().clock.now().toISOString(),
      userId: medic.user.id,
      userEmail: medic.user.email,
      userName: 'Dr. Mihai Ionescu',
      ip: '192.0.2.77',
      actionLabel: 'Vizualizare fișă pacient',
      patientId: patient._id,
      patientName: `Vasilescu Elena (fișa nr. ${patient.id})`,
    });
    expect(answer.rows[1]).toMatchObject({ userName: 'Andreea Popescu', actionLabel: 'Creare pacient' });

    const byMedic = await listAuditVia(t(), admin.cookie, { user: medic.user.id });
    expect(byMedic.rows.map((row) => row.action)).toEqual(['patient_view', 'login']);
  });
});
