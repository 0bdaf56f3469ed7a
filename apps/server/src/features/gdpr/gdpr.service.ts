import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { auditPatientLabel, formatAuditTime } from '@odonto/domain/contracts/audit';
import { GDPR_FILES, GDPR_MESSAGES, gdprReadme, gdprZipName } from '@odonto/domain/contracts/gdpr';
import type { Database } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import type { SessionUser } from '../../plugins/sessions';
import { exportedFiles, toGdprExport } from './gdpr-document';
import { pdfPictureSource } from './gdpr-images';
import { renderGdprPdf } from './gdpr-pdf';
import { isStored, lazyFileStream, zipStream, type ZipEntry } from './gdpr-zip';
import { findExportablePatient, readPatientData } from './gdpr.queries';

export interface GdprDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  now: () => Date;
}

export interface GdprArchive {
  name: string;
  stream: Readable;
}

/**
 * A patient's data as a ZIP (the GDPR right of access): the export is audited first (so a download cut
 * short is on record too, and the archive's own log shows it), then the rows are read, the JSON and the
 * PDF made (its pictures read and drawn one at a time), and the stored files streamed into the archive one after the other as it is sent.
 */
export async function exportPatientData(
  deps: GdprDeps,
  user: SessionUser,
  actor: AuditActor,
  patientId: string,
): Promise<GdprArchive> {
  const patient = await findExportablePatient(deps.db, patientId);
  if (!patient) throw new AppError(404, 'not_found', GDPR_MESSAGES.patientNotFound);
  const at = deps.now();
  await writeAudit(deps.db, at, actor, {
    action: 'patient_gdpr_export',
    entity: 'patient',
    entityId: patientId,
    patientId,
  });
  const rows = await readPatientData(deps.db, patient);
  const files = exportedFiles(rows);
  const onDisk = await Promise.all(files.map((file) => isStored(deps.blobs, file.row)));
  const present = new Set(files.filter((_, index) => onDisk[index]).map((file) => file.row.id));
  const data = toGdprExport(rows, files, present, at, user.nume || user.email);
  const pdf = await renderGdprPdf(data, pdfPictureSource(deps.blobs, files));
  const label = auditPatientLabel({
    nume: patient.nume,
    prenume: patient.prenume,
    fileNumber: patient.file_number,
  });
  const entries: ZipEntry[] = [
    { path: GDPR_FILES.readme, data: gdprReadme(label, formatAuditTime(at.toISOString())), date: at },
    { path: GDPR_FILES.json, data: `${JSON.stringify(data, null, 2)}\n`, date: at },
    { path: GDPR_FILES.pdf, data: pdf, date: at },
    ...files
      .filter((file) => present.has(file.row.id))
      .map((file) => ({
        path: file.path,
        data: lazyFileStream(deps.blobs, file.row),
        date: new Date(file.row.created_at),
      })),
  ];
  return {
    name: gdprZipName({ fileNumber: patient.file_number, nume: patient.nume, prenume: patient.prenume }),
    stream: zipStream(entries),
  };
}
