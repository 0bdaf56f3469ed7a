import type { Kysely } from 'kysely';
import type { BlobStore } from '../../files/blob-store';
import { toInstant } from '@odonto/domain/clinic-time';
import { toIsoDay } from '@odonto/domain/dates';
import type { DocumentKind } from '@odonto/domain/documents';
import type { Database } from '../../db/database';
import { saveDocument, type DocumentsDeps } from '../../features/documents/documents.service';
import type { UploadedFile } from '../../files/multipart';
import { DEMO_USERS } from '../demo-users';
import { demoPdf, demoXray } from './demo-files';

/**
 * Documents of the demo patients (issue 5): a signed consent (PDF), a panoramic X-ray, a note, and for
 * some an imported file from another clinic. Saved through the documents service with the clock at the
 * document's day, as an assistant adding them would have.
 */

const DAY_MS = 86_400_000;
const NOTES = [
  'Pacientul preferă programările dimineața, înainte de ora 10.',
  'Anxietate la tratamentele stomatologice: se recomandă anestezie topică înainte de injecție.',
  'A cerut devizul pentru lucrarea protetică pe e-mail.',
  'Revine pentru control la 6 luni; de trimis reamintire.',
];

interface DemoDocument {
  kind: DocumentKind;
  label: string;
  daysAgo: number;
  text?: string;
  file?: () => Promise<{ fileName: string; data: Buffer }>;
}

function plan(index: number, name: string): DemoDocument[] {
  const documents: DemoDocument[] = [
    {
      kind: 'document',
      label: 'Consimțământ informat',
      daysAgo: 40 + index,
      file: async () => ({
        fileName: 'consimtamant.pdf',
        data: demoPdf('Consimțământ informat', [
          `Pacient: ${name}`,
          'Subsemnatul declar că am fost informat asupra tratamentului propus,',
          'a alternativelor, a riscurilor și a costurilor estimate.',
          'Semnătura pacientului: ____________________',
        ]),
      }),
    },
    {
      kind: 'radiografie',
      label: 'Radiografie panoramică',
      daysAgo: 30 + (index % 7),
      file: async () => ({ fileName: 'opg.png', data: await demoXray(index) }),
    },
    { kind: 'nota', label: 'Observații', daysAgo: 10 + (index % 5), text: NOTES[index % NOTES.length] ?? '' },
  ];
  if (index % 3 === 0) {
    documents.push({
      kind: 'import',
      label: 'Fișă clinica anterioară',
      daysAgo: 90 + index,
      file: async () => ({
        fileName: 'fisa-anterioara.pdf',
        data: demoPdf('Fișă pacient — Clinica Dentară Sud', [
          `Pacient: ${name}`,
          'Tratamente anterioare: obturații 3.6, 4.6; detartraj anual.',
          'Alergii declarate: nu.',
        ]),
      }),
    });
  }
  return documents;
}

/**
 * Gives the first demo patients their documents, once: a clinic that already has documents is left
 * alone. Returns the number of documents added.
 */
export async function seedDocuments(
  db: Kysely<Database>,
  blobs: BlobStore,
  now: Date,
  patientCount = 20,
): Promise<number> {
  if (await db.selectFrom('documents').select('id').limit(1).executeTakeFirst()) return 0;
  const assistant = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', DEMO_USERS.asistent.email)
    .executeTakeFirst();
  const patients = await db
    .selectFrom('patients')
    .select(['id', 'nume', 'prenume'])
    .where('deleted_at', 'is', null)
    .orderBy('file_number')
    .limit(patientCount)
    .execute();
  const actor = { userId: assistant?.id ?? null, userEmail: assistant?.email ?? null, ip: null };
  let added = 0;
  for (const [index, patient] of patients.entries()) {
    for (const document of plan(index, `${patient.nume} ${patient.prenume}`)) {
      const date = toIsoDay(new Date(now.getTime() - document.daysAgo * DAY_MS));
      const at = new Date(toInstant(date) + 10 * 3_600_000);
      const deps: DocumentsDeps = { db, now: () => at, store: { db, blobs, now: () => at } };
      const made = document.file ? await document.file() : null;
      const file: UploadedFile | null = made ? { fieldName: 'file', ...made } : null;
      const obj = {
        kind: document.kind,
        label: document.label,
        date,
        ...(document.text ? { text: document.text } : {}),
      };
      await saveDocument(deps, actor, patient.id, { obj, file });
      added += 1;
    }
  }
  return added;
}
