import { expect, it } from 'vitest';
import { auditActionLabel } from '@odonto/domain/contracts/audit';
import { GDPR_ERASURE_MESSAGES } from '@odonto/domain/contracts/gdpr-erasure';
import { describeEachDialect, type TestApp } from '../../../test/build-test-app';
import { call, errorOf } from '../../../test/http';
import { filesOnDisk, insertPatientRow, redBlue } from '../../../test/stored-files';
import { storeFile } from '../../files/store';
import { finishFileErasures } from './gdpr-erasure.service';
import { patientWithRecord, signIn } from './gdpr.test-support';

// patientWithRecord's last visit is its appointment of 05.03.2026; ten years on is 05.03.2036.
const PAST_RETENTION = '2036-03-05T10:00:00.000Z';
const BEFORE_RETENTION = '2036-03-04T10:00:00.000Z';
const OPENED = '2016-01-10T10:00:00.000Z';

/** True when the patient has rows in `table` and every one is marked deleted. */
async function allDeleted(
  t: TestApp,
  table: 'files' | 'history_pictures' | 'documents',
  patientId: string,
): Promise<boolean> {
  const rows = await t.db
    .selectFrom(table)
    .select('deleted_at')
    .where('patient_id', '=', patientId)
    .execute();
  return rows.length > 0 && rows.every((row) => row.deleted_at !== null);
}

async function openedLongAgo(t: TestApp, patientId: string, at = OPENED): Promise<void> {
  await t.db.updateTable('patients').set({ created_at: at }).where('id', '=', patientId).execute();
}

describeEachDialect('GDPR retention period: /api/settings/gdpr-retention', ({ useApp }) => {
  const t = useApp();
  const url = '/api/settings/gdpr-retention';

  it('answers the default of 10 years, saves a new period with its audit row, and 409 on a stale version', async () => {
    const admin = await signIn(t(), ['admin']);
    const read = await call(t().app, { url, cookie: admin.cookie });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ ani: 10, version: 0 });

    const saved = await call(t().app, {
      method: 'PUT',
      url,
      cookie: admin.cookie,
      body: { ani: 5, version: 0 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ani: 5, version: 1 });
    expect((await call(t().app, { url, cookie: admin.cookie })).json()).toEqual({ ani: 5, version: 1 });

    const stale = await call(t().app, {
      method: 'PUT',
      url,
      cookie: admin.cookie,
      body: { ani: 7, version: 0 },
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).message).toBe(
      'Setările au fost modificate între timp de altcineva. Reîncărcați pagina.',
    );

    const audit = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'gdpr_retention_change')
      .execute();
    expect(audit.map((row) => JSON.parse(row.details ?? '{}'))).toEqual([{ ani: 5, aniInainte: 10 }]);
  });

  it.each<[string, unknown]>([
    ['zero years', { ani: 0, version: 0 }],
    ['101 years', { ani: 101, version: 0 }],
    ['a fraction', { ani: 2.5, version: 0 }],
    ['text', { ani: 'zece', version: 0 }],
    ['no version', { ani: 5 }],
    ['an unknown field', { ani: 5, version: 0, luni: 3 }],
  ])('answers 400 for %s', async (_, body) => {
    const admin = await signIn(t(), ['admin']);
    const response = await call(t().app, { method: 'PUT', url, cookie: admin.cookie, body });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).code).toBe('invalid_input');
  });

  it('gives the Romanian rule for a period out of range', async () => {
    const admin = await signIn(t(), ['admin']);
    const response = await call(t().app, {
      method: 'PUT',
      url,
      cookie: admin.cookie,
      body: { ani: 0, version: 0 },
    });
    expect(errorOf(response).fields?.['ani']).toBe(
      'Perioada de păstrare trebuie să fie un număr întreg de ani, între 1 și 100.',
    );
  });

  it('answers 401 signed out and 403 to the other roles', async () => {
    expect((await call(t().app, { url })).statusCode).toBe(401);
    for (const role of ['medic', 'asistent', 'sterilizare']) {
      const user = await signIn(t(), [role]);
      expect((await call(t().app, { url, cookie: user.cookie })).statusCode).toBe(403);
      const put = await call(t().app, {
        method: 'PUT',
        url,
        cookie: user.cookie,
        body: { ani: 5, version: 0 },
      });
      expect(put.statusCode).toBe(403);
    }
  });
});

describeEachDialect('GDPR retention report: GET /api/gdpr/retentie', ({ useApp }) => {
  const t = useApp();
  const url = '/api/gdpr/retentie';

  it('lists the patients past the period with their last visit and the day it ended, not the others', async () => {
    t().clock.set(PAST_RETENTION);
    const admin = await signIn(t(), ['admin']);
    const medic = await signIn(t(), ['medic']);
    const { patientId: past } = await patientWithRecord(t(), medic.id, admin.cookie);
    await openedLongAgo(t(), past);
    // Opened in 2016 and never seen again: its own opening is its last visit.
    const idle = await insertPatientRow(t().db, { deletedAt: '2017-01-01T10:00:00.000Z' });
    await openedLongAgo(t(), idle, '2016-02-29T10:00:00.000Z');
    // Opened long ago but treated a day too late for the period to have passed.
    const recent = await insertPatientRow(t().db);
    await openedLongAgo(t(), recent);
    await t()
      .db.insertInto('appointments')
      .values({
        id: 'appt-recent',
        patient_id: recent,
        doctor_id: medic.id,
        starts_at: '2026-03-05T22:30:00.000Z',
        ends_at: '2026-03-05T23:00:00.000Z',
        note: '',
        trimite_sms: 0,
        created_at: OPENED,
        created_by: null,
        updated_at: OPENED,
        version: 1,
      })
      .execute();

    const response = await call(t().app, { url, cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<{ ani: number; total: number; pacienti: Record<string, unknown>[] }>();
    expect(report.ani).toBe(10);
    expect(report.total).toBe(2);
    const byId = new Map(report.pacienti.map((row) => [row['_id'], row]));
    expect(byId.get(past)).toMatchObject({
      nume: 'Popescu',
      prenume: 'Ana',
      ultimaVizita: '2026-03-05T08:00:00.000Z',
      sfarsitRetentie: '2036-03-05',
      sters: false,
    });
    expect(byId.get(idle)).toMatchObject({ sfarsitRetentie: '2026-03-01', sters: true });
    expect(byId.has(recent)).toBe(false);

    // A shorter period brings the recent one in.
    await call(t().app, {
      method: 'PUT',
      url: '/api/settings/gdpr-retention',
      cookie: admin.cookie,
      body: { ani: 9, version: 0 },
    });
    const shorter = (await call(t().app, { url, cookie: admin.cookie })).json<{ total: number }>();
    expect(shorter.total).toBe(3);
  });

  it('leaves an anonymised patient out', async () => {
    t().clock.set(PAST_RETENTION);
    const admin = await signIn(t(), ['admin']);
    const patientId = await insertPatientRow(t().db);
    await openedLongAgo(t(), patientId);
    expect((await call(t().app, { url, cookie: admin.cookie })).json<{ total: number }>().total).toBe(1);
    const done = await call(t().app, {
      method: 'POST',
      body: {},
      url: `/api/pacienti/${patientId}/anonimizare`,
      cookie: admin.cookie,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await call(t().app, { url, cookie: admin.cookie })).json<{ total: number }>().total).toBe(0);
  });

  it('answers 400 for a bad page, 401 signed out and 403 to the other roles', async () => {
    const admin = await signIn(t(), ['admin']);
    const bad = await call(t().app, { url: `${url}?page=0`, cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    expect((await call(t().app, { url: `${url}?page=2&x=1`, cookie: admin.cookie })).statusCode).toBe(400);
    expect((await call(t().app, { url })).statusCode).toBe(401);
    for (const role of ['medic', 'asistent', 'sterilizare']) {
      const user = await signIn(t(), [role]);
      expect((await call(t().app, { url, cookie: user.cookie })).statusCode).toBe(403);
    }
  });
});

describeEachDialect('GDPR anonymisation: POST /api/pacienti/{id}/anonimizare', ({ useApp }) => {
  const t = useApp();
  const url = (id: string) => `/api/pacienti/${id}/anonimizare`;

  it('removes the identity and the files from disk, keeps clinical and financial rows, and audits it', async () => {
    t().clock.set(PAST_RETENTION);
    const admin = await signIn(t(), ['admin']);
    const medic = await signIn(t(), ['medic'], 'Dr. Ana Ionescu');
    const { patientId } = await patientWithRecord(t(), medic.id, admin.cookie);
    await openedLongAgo(t(), patientId);
    await t()
      .db.updateTable('patients')
      .set({
        email: 'ana@example.ro',
        telefon: '0722123456',
        birthdate: '1980-05-06',
        judet: 'CJ',
        oras: 'Cluj-Napoca',
      })
      .where('id', '=', patientId)
      .execute();
    const avatar = await storeFile(
      { db: t().db, blobs: t().blobs, now: t().clock.now },
      {
        patientId,
        kind: 'avatar',
        name: 'avatar.png',
        contentType: 'image/png',
        data: await redBlue('png'),
        createdBy: admin.id,
      },
    );
    await t().db.updateTable('patients').set({ avatar: avatar.name }).where('id', '=', patientId).execute();
    await t()
      .db.insertInto('letters')
      .values({
        id: 'letter-1',
        patient_id: patientId,
        text: 'Pacienta Popescu Ana, CNP 2800506123456, se prezintă pentru…',
        author_id: medic.id,
        author_name: 'Dr. Ana Ionescu',
        author_title: '',
        created_at: '2026-03-05T09:00:00.000Z',
      })
      .execute();
    const auditBefore = await t()
      .db.selectFrom('audit_log')
      .select('id')
      .where('patient_id', '=', patientId)
      .execute();
    expect(await filesOnDisk(t().dataDir)).not.toEqual([]);

    const response = await call(t().app, {
      method: 'POST',
      body: {},
      url: url(patientId),
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ _id: patientId, anonimizatLa: PAST_RETENTION, fisiereSterse: 5 });

    // Every stored file's bytes are gone (picture and thumbnail, the PDF document, signature, avatar).
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
    expect(await t().db.selectFrom('file_erasures').selectAll().execute()).toEqual([]);
    expect(await allDeleted(t(), 'files', patientId)).toBe(true);

    const patient = await call(t().app, { url: `/api/get-pacient/${patientId}`, cookie: admin.cookie });
    expect(patient.statusCode, patient.body).toBe(200);
    expect(patient.json()).toMatchObject({
      nume: 'Pacient',
      prenume: 'anonimizat',
      email: '',
      telefon: '',
      birthdate: null,
      judet: '',
      oras: '',
      tara: '',
      avatar: null,
      anonimizatLa: PAST_RETENTION,
    });
    // The treatments stay (the record without its owner's identity); the pictures leave it.
    const entries = await t()
      .db.selectFrom('history_entries')
      .select('denumire')
      .where('patient_id', '=', patientId)
      .execute();
    expect(entries.map((entry) => entry.denumire).sort()).toEqual(['Detartraj', 'Obturație compozit']);
    expect(await allDeleted(t(), 'history_pictures', patientId)).toBe(true);
    expect(await allDeleted(t(), 'documents', patientId)).toBe(true);
    const letter = await t()
      .db.selectFrom('letters')
      .select('text')
      .where('id', '=', 'letter-1')
      .executeTakeFirstOrThrow();
    expect(letter.text).toBe('Conținut eliminat la anonimizare (GDPR).');
    const appointment = await t()
      .db.selectFrom('appointments')
      .select('note')
      .where('id', '=', 'appt-1')
      .executeTakeFirstOrThrow();
    expect(appointment.note).toBe('');
    const payments = await t()
      .db.selectFrom('payments')
      .select('amount_bani')
      .where('patient_id', '=', patientId)
      .execute();
    expect(payments.map((payment) => payment.amount_bani)).toEqual([35_000]);
    // The search finds the patient under the new name only.
    const search = (q: string) => call(t().app, { url: `/api/pacienti?q=${q}`, cookie: admin.cookie });
    expect((await search('popescu')).json<{ total: number }>().total).toBe(0);
    expect(
      (await search('anonimizat')).json<{ pacienti: { _id: string }[] }>().pacienti.map((p) => p._id),
    ).toEqual([patientId]);

    const audit = await t()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('patient_id', '=', patientId)
      .orderBy('id')
      .execute();
    expect(audit.slice(0, auditBefore.length).map((row) => row.id)).toEqual(auditBefore.map((row) => row.id));
    const row = audit.find((entry) => entry.action === 'patient_anonymise');
    expect(row).toMatchObject({ user_id: admin.id, entity: 'patient', entity_id: patientId });
    expect(JSON.parse(row?.details ?? '{}')).toMatchObject({
      ani: 10,
      fisiereSterse: 5,
      ultimaVizita: '2026-03-05T08:00:00.000Z',
    });
    expect(auditActionLabel('patient_anonymise')).toBe('Anonimizare pacient (GDPR)');
  });

  it('refuses before the period has passed with the day it becomes possible, changing nothing', async () => {
    t().clock.set(BEFORE_RETENTION);
    const admin = await signIn(t(), ['admin']);
    const medic = await signIn(t(), ['medic']);
    const { patientId } = await patientWithRecord(t(), medic.id, admin.cookie);
    await openedLongAgo(t(), patientId);
    const before = await filesOnDisk(t().dataDir);

    const response = await call(t().app, {
      method: 'POST',
      body: {},
      url: url(patientId),
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).message).toBe(
      'Pacientul poate fi anonimizat începând cu 05.03.2036: perioada de păstrare este de 10 ani de la ultima vizită (05.03.2026).',
    );
    const patient = await t()
      .db.selectFrom('patients')
      .selectAll()
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({ nume: 'Popescu', prenume: 'Ana', anonymised_at: null });
    expect(await filesOnDisk(t().dataDir)).toEqual(before);
  });

  it('refuses a second anonymisation clearly', async () => {
    t().clock.set(PAST_RETENTION);
    const admin = await signIn(t(), ['admin']);
    const patientId = await insertPatientRow(t().db);
    await openedLongAgo(t(), patientId);
    expect(
      (await call(t().app, { method: 'POST', body: {}, url: url(patientId), cookie: admin.cookie }))
        .statusCode,
    ).toBe(200);
    const again = await call(t().app, {
      method: 'POST',
      body: {},
      url: url(patientId),
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('Pacientul a fost deja anonimizat.');
    // Nor can the patient's identity be filled in again through the edit form.
    const { version } = await t()
      .db.selectFrom('patients')
      .select('version')
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    const edited = await call(t().app, {
      method: 'POST',
      url: `/api/update-pacient/${patientId}`,
      cookie: admin.cookie,
      body: { nume: 'Popescu', prenume: 'Ana', telefon: '0722123456', version },
    });
    expect(edited.statusCode, edited.body).toBe(409);
    expect(errorOf(edited)).toMatchObject({
      code: 'anonymised',
      message: GDPR_ERASURE_MESSAGES.anonymisedReadOnly,
    });
    const kept = await t()
      .db.selectFrom('patients')
      .select(['nume', 'prenume', 'version'])
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ nume: 'Pacient', prenume: 'anonimizat', version });
    const rows = await t()
      .db.selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'patient_anonymise')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('anonymises a deleted patient too (its data is still held)', async () => {
    t().clock.set(PAST_RETENTION);
    const admin = await signIn(t(), ['admin']);
    const patientId = await insertPatientRow(t().db, { deletedAt: '2017-01-01T10:00:00.000Z' });
    await openedLongAgo(t(), patientId);
    const response = await call(t().app, {
      method: 'POST',
      body: {},
      url: url(patientId),
      cookie: admin.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 404 for an unknown patient, 400 for a body it does not take, 414 for an id too long', async () => {
    t().clock.set(PAST_RETENTION);
    const admin = await signIn(t(), ['admin']);
    const unknown = await call(t().app, {
      method: 'POST',
      body: {},
      url: url('nu-exista'),
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Pacientul nu a fost găsit.');
    const patientId = await insertPatientRow(t().db);
    await openedLongAgo(t(), patientId);
    const body = await call(t().app, {
      method: 'POST',
      url: url(patientId),
      cookie: admin.cookie,
      body: { nume: 'Altul' },
    });
    expect(body.statusCode, body.body).toBe(400);
    expect(errorOf(body).code).toBe('invalid_input');
    const none = await call(t().app, { method: 'POST', url: url(patientId), cookie: admin.cookie });
    expect(none.statusCode, none.body).toBe(400);
    const untouched = await t()
      .db.selectFrom('patients')
      .select('anonymised_at')
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(untouched.anonymised_at).toBeNull();
    const long = await call(t().app, {
      method: 'POST',
      body: {},
      url: url('x'.repeat(101)),
      cookie: admin.cookie,
    });
    expect(long.statusCode).toBe(414);
    expect(errorOf(long).code).toBe('uri_too_long');
  });

  it('answers 401 signed out and 403 to medic, asistent and sterilizare, changing nothing', async () => {
    t().clock.set(PAST_RETENTION);
    const patientId = await insertPatientRow(t().db);
    await openedLongAgo(t(), patientId);
    expect((await call(t().app, { method: 'POST', body: {}, url: url(patientId) })).statusCode).toBe(401);
    for (const role of ['medic', 'asistent', 'sterilizare']) {
      const user = await signIn(t(), [role]);
      const response = await call(t().app, {
        method: 'POST',
        body: {},
        url: url(patientId),
        cookie: user.cookie,
      });
      expect(response.statusCode).toBe(403);
    }
    const patient = await t()
      .db.selectFrom('patients')
      .select('anonymised_at')
      .where('id', '=', patientId)
      .executeTakeFirstOrThrow();
    expect(patient.anonymised_at).toBeNull();
  });

  it('finishes the erasures an interruption after the commit left behind', async () => {
    const store = { db: t().db, blobs: t().blobs, now: t().clock.now };
    const patientId = await insertPatientRow(t().db);
    const file = await storeFile(store, {
      patientId,
      kind: 'document',
      name: 'a.png',
      contentType: 'image/png',
      data: await redBlue('png'),
      createdBy: null,
    });
    // What the transaction leaves when the process dies before unlinking: the row deleted, the bytes listed.
    await t()
      .db.updateTable('files')
      .set({ deleted_at: '2036-03-05T10:00:00.000Z' })
      .where('id', '=', file.id)
      .execute();
    await t()
      .db.insertInto('file_erasures')
      .values([
        { file_id: file.id, disk_name: file.disk_name, created_at: '2036-03-05T10:00:00.000Z' },
        // Bytes already unlinked before the crash: done too.
        {
          file_id: 'gone',
          disk_name: 'ab/abababababababababababababababab',
          created_at: '2036-03-05T10:00:00.000Z',
        },
      ])
      .execute();
    expect(await filesOnDisk(t().dataDir)).toEqual([file.disk_name]);

    expect(await finishFileErasures(store)).toBe(2);
    expect(await filesOnDisk(t().dataDir)).toEqual([]);
    expect(await t().db.selectFrom('file_erasures').selectAll().execute()).toEqual([]);
  });
});
