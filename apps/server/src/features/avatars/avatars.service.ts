import { randomBytes } from 'node:crypto';
import { AVATAR_FORMAT_ERROR } from '@odonto/domain/contracts/patients';
import {
  thumbnailName,
  type DeleteAvatarResponse,
  type SaveAvatarResponse,
} from '@odonto/domain/contracts/avatars';
import { findPatientFile, listPatientFiles } from '../../files/files.queries';
import { prepareImage } from '../../files/images';
import type { UploadedFile } from '../../files/multipart';
import { changeFiles, type FileStore } from '../../files/store';
import { writeAudit, type AuditActor } from '../../plugins/audit';
import { AppError } from '../../plugins/errors';
import { clearPatientAvatar, findAvatarPatient, setPatientAvatar } from './avatars.queries';

const AVATAR = 'avatar';
const AVATAR_THUMB = 'avatar-thumb';

function patientNotFound(): AppError {
  return new AppError(404, 'not_found', 'Pacientul nu a fost găsit.');
}

/**
 * Stores a new avatar (re-encoded, with its thumbnail) and makes it the patient's; the previous avatar's
 * files are deleted in the same transaction. Answers the picture name.
 */
export async function saveAvatar(
  store: FileStore,
  patientId: string,
  upload: UploadedFile,
  actor: AuditActor,
): Promise<SaveAvatarResponse> {
  const patient = await findAvatarPatient(store.db, patientId);
  if (!patient) throw patientNotFound();
  const image = await prepareImage(upload.data, {
    formatError: AVATAR_FORMAT_ERROR,
    maxSide: 1600,
    thumbSide: 256,
  });
  // SPEC.md §3: avatar images have 'avatar' in the name.
  const name = `${AVATAR}-${randomBytes(8).toString('hex')}.${image.main.extension}`;
  const thumb = thumbnailName(name);
  const previous = await listPatientFiles(store.db, patientId, [AVATAR, AVATAR_THUMB]);
  const common = { patientId, createdBy: actor.userId };
  const { result: version } = await changeFiles(
    store,
    {
      add: [
        { ...common, kind: AVATAR, name, ...image.main },
        { ...common, kind: AVATAR_THUMB, name: thumb, ...image.thumb },
      ],
      remove: previous,
    },
    async (trx) => {
      const at = store.now();
      const newVersion = await setPatientAvatar(trx, patientId, name, at.toISOString());
      if (newVersion === null) throw patientNotFound();
      await writeAudit(trx, at, actor, {
        action: 'avatar_save',
        entity: 'patient',
        entityId: patientId,
        patientId,
        details: { name, source: image.source, replaced: previous.map((row) => row.name) },
      });
      return newVersion;
    },
  );
  return { name, thumb, version };
}

/** Deletes an avatar and its thumbnail; clears the patient's avatar when it was the current one. */
export async function deleteAvatar(
  store: FileStore,
  patientId: string,
  name: string,
  actor: AuditActor,
): Promise<DeleteAvatarResponse> {
  const patient = await findAvatarPatient(store.db, patientId);
  if (!patient) throw patientNotFound();
  const file = await findPatientFile(store.db, patientId, name);
  if (!file || file.kind !== AVATAR) throw new AppError(404, 'not_found', 'Imaginea nu a fost găsită.');
  const thumb = await findPatientFile(store.db, patientId, thumbnailName(name));
  const { result: version } = await changeFiles(
    store,
    { remove: thumb ? [file, thumb] : [file] },
    async (trx) => {
      const at = store.now();
      const cleared = await clearPatientAvatar(trx, patientId, name, at.toISOString());
      const current = cleared ?? (await findAvatarPatient(trx, patientId))?.version;
      if (current === undefined) throw patientNotFound();
      await writeAudit(trx, at, actor, {
        action: 'avatar_delete',
        entity: 'patient',
        entityId: patientId,
        patientId,
        details: { name, wasCurrent: cleared !== null },
      });
      return current;
    },
  );
  return { ok: true, version };
}
