import { z } from 'zod';

/**
 * POST /api/save-avatar-img answers the picture name (SPEC.md §7), the name of its thumbnail and the
 * patient's new `version` (the avatar is part of the patient, so an open edit form must not go stale).
 * Addresses: /history-imgs/{patientId}/{name} and /history-imgs/{patientId}/{thumb}.
 */
export const saveAvatarResponse = z.object({
  name: z.string(),
  thumb: z.string(),
  version: z.number().int(),
});
export type SaveAvatarResponse = z.infer<typeof saveAvatarResponse>;

/** POST /api/delete-avatar-img answers ok and the patient's `version` (changed when the current avatar went). */
export const deleteAvatarResponse = z.object({ ok: z.literal(true), version: z.number().int() });
export type DeleteAvatarResponse = z.infer<typeof deleteAvatarResponse>;

/** The thumbnail of a stored picture, as SPEC.md §7 addresses it: thumb-{name}.png. */
export function thumbnailName(name: string): string {
  return `thumb-${name}.png`;
}
