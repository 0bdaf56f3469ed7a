import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { thumbnailName } from '@odonto/domain/contracts/avatars';
import type { HistoryPicture } from '@odonto/domain/contracts/history';
import { pictureKind, type PictureKind } from '@odonto/domain/contracts/history-pictures';
import type { Database, FileRow, HistoryPictureRow, NewHistoryPictureRow } from '../../db/database';
import { isUniqueViolation } from '../../db/dialect';
import { prepareImage } from '../../files/images';
import type { UploadedFile } from '../../files/multipart';
import type { NewStoredFile } from '../../files/store';
import { AppError } from '../../plugins/errors';
import { invalid } from './history-form';
import { HISTORY_SERVER_MESSAGES as TEXT } from './history-messages';
import { findFilesByIds, takenFileNames } from './history.queries';

/** Pictures one entry may hold. */
export const MAX_ENTRY_PICTURES = 40;
const MAX_PICTURE_INDEX = 10_000;
const PICTURE = 'picture';
const PICTURE_THUMB = 'picture-thumb';

interface NewPicture {
  pic: HistoryPicture;
  kind: PictureKind;
  upload: UploadedFile;
}

/** What a save does to an entry's pictures. */
export interface PicturePlan {
  /** Stored pictures that stay, with their `index` from the form. */
  keep: { row: HistoryPictureRow; index: number }[];
  add: NewPicture[];
  /** Stored pictures the form no longer lists (SPEC.md: named in `deleted`). */
  remove: HistoryPictureRow[];
}

/**
 * Matches the form's pictures to the entry's stored ones and to the uploaded files: `obj.pics` is the
 * entry's list after the save; a listed name that is not stored yet needs a file part of that name; a
 * stored picture the list leaves out is removed. Names in `deleted` that are not (or no longer) pictures
 * of the entry are ignored, so a retried save does not fail.
 */
export function planPictures(
  pics: readonly HistoryPicture[],
  files: readonly UploadedFile[],
  stored: readonly HistoryPictureRow[],
  deleted: readonly string[],
): PicturePlan {
  const fail = (message: string) => invalid(message, { pics: message });
  if (pics.length > MAX_ENTRY_PICTURES) throw fail(TEXT.tooManyPictures(MAX_ENTRY_PICTURES));
  const listed = new Map<string, HistoryPicture>();
  for (const pic of pics) {
    // The order is a 32-bit column on PostgreSQL; the modal numbers its pictures from 0.
    if (pic.index > MAX_PICTURE_INDEX) throw fail(TEXT.pictureIndex);
    if (listed.has(pic.name)) throw fail(TEXT.pictureTwice);
    if (deleted.includes(pic.name)) throw fail(TEXT.pictureKeptAndDeleted);
    listed.set(pic.name, pic);
  }
  const storedByName = new Map(stored.map((row) => [row.name, row]));
  const uploads = new Map<string, UploadedFile>();
  for (const file of files) {
    if (!listed.has(file.fieldName) || storedByName.has(file.fieldName))
      throw fail(TEXT.pictureNotListed(file.fieldName));
    if (uploads.has(file.fieldName)) throw fail(TEXT.pictureTwice);
    uploads.set(file.fieldName, file);
  }
  const plan: PicturePlan = { keep: [], add: [], remove: [] };
  for (const pic of pics) {
    const row = storedByName.get(pic.name);
    if (row) {
      plan.keep.push({ row, index: pic.index });
      continue;
    }
    const kind = pictureKind(pic.name);
    if (!kind) throw fail(TEXT.pictureKind);
    const upload = uploads.get(pic.name);
    if (!upload) throw fail(TEXT.pictureFileMissing(pic.name));
    plan.add.push({ pic, kind, upload });
  }
  plan.remove = stored.filter((row) => !listed.has(row.name));
  return plan;
}

/** A picture ready to store: its two files, and the row that links them once they have ids. */
export interface PreparedPicture {
  files: NewStoredFile[];
  row: (entryId: number, added: readonly FileRow[], at: string) => NewHistoryPictureRow;
}

/**
 * Refuses names the patient's files already use (409: names are never reused, deleted files included),
 * then re-encodes every new picture with its thumbnail (415/422 for what is no readable image).
 */
export async function preparePictures(
  db: Kysely<Database>,
  patientId: string,
  add: readonly NewPicture[],
  createdBy: string | null,
): Promise<PreparedPicture[]> {
  const names = add.flatMap(({ pic }) => [pic.name, thumbnailName(pic.name)]);
  const [taken] = await takenFileNames(db, patientId, names);
  if (taken !== undefined) {
    const message = TEXT.pictureNameTaken(taken);
    throw new AppError(409, 'conflict', message, { fields: { pics: message } });
  }
  const prepared: PreparedPicture[] = [];
  // One at a time: each decode holds a whole photo in memory.
  for (const { pic, kind, upload } of add) {
    const image = await prepareImage(upload.data, {
      formatError: TEXT.fileFormat,
      maxSide: 1600,
      thumbSide: 256,
      thumbFit: 'inside',
    });
    const common = { patientId, createdBy };
    const thumb = thumbnailName(pic.name);
    prepared.push({
      files: [
        { ...common, kind: PICTURE, name: pic.name, ...image.main },
        { ...common, kind: PICTURE_THUMB, name: thumb, ...image.thumb },
      ],
      row: (entryId, added, at) => ({
        id: randomUUID(),
        patient_id: patientId,
        entry_id: entryId,
        name: pic.name,
        kind,
        width: image.main.width,
        height: image.main.height,
        position: pic.index,
        file_id: fileId(added, pic.name),
        thumb_file_id: fileId(added, thumb),
        created_at: at,
        deleted_at: null,
      }),
    });
  }
  return prepared;
}

/**
 * Runs a save that stores pictures; a file name taken meanwhile by a concurrent save (the unique index of
 * `files`) is a 409 like the check in preparePictures, not a server error.
 */
export async function savingPictures<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(409, 'conflict', TEXT.pictureNamesTaken, { fields: { pics: TEXT.pictureNamesTaken } });
  }
}

/** The stored files (image and thumbnail) of pictures being removed. */
export async function filesOf(db: Kysely<Database>, rows: readonly HistoryPictureRow[]): Promise<FileRow[]> {
  return findFilesByIds(
    db,
    rows.flatMap((row) => [row.file_id, row.thumb_file_id]),
  );
}

function fileId(added: readonly FileRow[], name: string): string {
  const row = added.find((file) => file.name === name);
  if (!row) throw new Error(`stored file ${name} missing`);
  return row.id;
}
