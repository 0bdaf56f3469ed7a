import { z } from 'zod';
import { entryId, historyObj, type HistoryObj } from '@odonto/domain/contracts/history';
import { patientHistoryEntry } from '@odonto/domain/contracts/patients';

/** Routes whose `:id` is the patient `_id` (SPEC.md §7 names them so). */
export const patientIdParams = z.strictObject({ id: z.string().min(1).max(100) });
export const patientIdOnlyParams = z.strictObject({ patientId: z.string().min(1).max(100) });
export const bridgeParams = z.strictObject({
  patientId: z.string().min(1).max(100),
  entryId: z.coerce.number().pipe(entryId),
});

/** The `obj` of POST /api/update-history: the entry plus the `version` it was loaded with (stale → 409). */
export const updateHistoryObj = historyObj.extend({ version: z.number().int().positive() });
export type UpdateHistoryObj = z.output<typeof updateHistoryObj>;
export type SaveHistoryObj = z.output<typeof historyObj>;
export type { HistoryObj };

export const historyAnswer = z.array(patientHistoryEntry);

/** The multipart fields the two history forms share, for their OpenAPI descriptions. */
export const HISTORY_FORM_DESCRIPTION =
  'multipart/form-data. Field `obj`: the entry as JSON (SPEC.md §3 History entry, unknown keys refused). ' +
  'Each picture is one file part whose field name is the picture’s name as listed in `obj.pics` ' +
  '(`{entryId}-{random}-{label}` from pictureName, its label saying `inainte` or `dupa`); the file ' +
  'name’s extension must be .jpg .jpeg .png .bmp or .gif (else 415 `Format fisier nesuportat.`). The ' +
  'image is re-encoded (upright, no metadata, at most 1600 px) and served at ' +
  '/history-imgs/{patientId}/{name}, its PNG thumbnail at /history-imgs/{patientId}/thumb-{name}.png; ' +
  '`w`/`h` are the stored image’s size. The server sets `type`, `mapID`, `fill`, `side`, `start`, `end` ' +
  'and `direction` from the treatment and the teeth, keeps `signature`, and never loses used ' +
  'instruments (`sterilizari` only grows). `planItem` {planId, itemId} links the entry to an open item of an ' +
  'accepted treatment plan (409 not open, 400 planned for other teeth), null unlinks it, absent keeps the ' +
  'link. Entry, files and plan link are written together or not at all.';
