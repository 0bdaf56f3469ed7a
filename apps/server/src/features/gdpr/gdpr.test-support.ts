import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { call, loginAs } from '../../../test/http';
import { insertPatientRow, redBlue } from '../../../test/stored-files';
import { postForm } from '../../../test/upload';
import { storeFile } from '../../files/store';

/** Shared by the GDPR tests (access export and erasure): a signed-in user and a patient with a full record. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

export async function signIn(
  t: TestApp,
  roles: string[],
  nume?: string,
): Promise<{ id: string; cookie: string }> {
  const user = await createUser(t.db, { roles, ...(nume ? { nume } : {}) });
  return { id: user.id, cookie: await loginAs(t.app, user.email, user.password) };
}

/** A patient with a treatment (and a cancelled one) with a picture, an appointment, a document, a signature and a payment. */
export async function patientWithRecord(t: TestApp, doctorId: string, adminCookie: string) {
  const patientId = await insertPatientRow(t.db);
  const at = '2026-03-01T10:00:00.000Z';
  const entry = {
    patient_id: patientId,
    type: 'tratament',
    map_id: null,
    dinte_start: null,
    dinte_destinatie: null,
    side: 'top',
    start_index: null,
    end_index: null,
    direction: null,
    fill: null,
    medic: 'Dr. Ana Ionescu',
    signature: null,
    sterilizari: '[]',
    created_at: at,
    updated_at: null,
    version: 1,
  };
  await t.db
    .insertInto('history_entries')
    .values([
      { ...entry, id: 1, denumire: 'Obturație compozit', dinte: '1.6', detalii: 'fața ocluzală' },
      {
        ...entry,
        id: 2,
        denumire: 'Detartraj',
        dinte: null,
        detalii: '',
        deleted_at: '2026-03-01T11:00:00.000Z',
        cancel_reason: 'Greșeală de introducere',
      },
    ])
    .execute();
  const store = { db: t.db, blobs: t.blobs, now: () => new Date(at) };
  const picture = await redBlue('jpeg');
  const pictureFile = await storeFile(store, {
    patientId,
    kind: 'picture',
    name: 'inainte-1.jpg',
    contentType: 'image/jpeg',
    data: picture,
    createdBy: doctorId,
  });
  const thumbFile = await storeFile(store, {
    patientId,
    kind: 'picture-thumb',
    name: 'inainte-1-thumb.jpg',
    contentType: 'image/jpeg',
    data: picture,
    createdBy: doctorId,
  });
  await t.db
    .insertInto('history_pictures')
    .values({
      id: 'pic-1',
      patient_id: patientId,
      entry_id: 1,
      name: 'inainte-1.jpg',
      kind: 'inainte',
      width: 120,
      height: 80,
      position: 0,
      file_id: pictureFile.id,
      thumb_file_id: thumbFile.id,
      created_at: at,
      deleted_at: null,
    })
    .execute();
  await t.db
    .insertInto('appointments')
    .values({
      id: 'appt-1',
      patient_id: patientId,
      doctor_id: doctorId,
      starts_at: '2026-03-05T08:00:00.000Z',
      ends_at: '2026-03-05T08:30:00.000Z',
      note: 'control periodic',
      trimite_sms: 1,
      created_at: at,
      created_by: doctorId,
      updated_at: at,
      version: 1,
      deleted_at: null,
      deleted_by: null,
    })
    .execute();
  const document = await postForm(
    t.app,
    `/api/update-doc/${patientId}`,
    {
      obj: JSON.stringify({ kind: 'document', label: 'Consimțământ', date: '2026-03-02' }),
      file: { fileName: 'consimtamant.pdf', data: PDF, type: 'application/pdf' },
    },
    adminCookie,
  );
  expect(document.statusCode, document.body).toBe(201);
  const png = await redBlue('png', 40, 20);
  const signatureFile = await storeFile(store, {
    patientId,
    kind: 'signature',
    name: 'semnatura-1.png',
    contentType: 'image/png',
    data: png,
    createdBy: doctorId,
  });
  const snapshot = '{"kind":"consent","text":"Sunt de acord"}';
  const hash = createHash('sha256').update(snapshot).digest('hex');
  await t.db
    .insertInto('signatures')
    .values({
      id: 'sig-1',
      patient_id: patientId,
      entry_id: null,
      kind: 'consent',
      file_id: signatureFile.id,
      image_name: 'semnatura-1.png',
      snapshot,
      sha256: hash,
      via: 'direct',
      request_id: null,
      signed_at: at,
      signed_by: doctorId,
      signed_by_name: 'Dr. Ana Ionescu',
    })
    .execute();
  const payment = await call(t.app, {
    method: 'POST',
    url: `/api/cont/${patientId}/plati`,
    cookie: adminCookie,
    body: { method: 'card', amountBani: 35_000 },
  });
  expect(payment.statusCode, payment.body).toBe(201);
  return { patientId, picture, png, hash };
}
