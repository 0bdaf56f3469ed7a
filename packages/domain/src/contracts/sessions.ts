import { z } from 'zod';

/** One of the signed-in user's open sessions, as GET /api/sesiuni answers it. */
export const sessionItem = z.object({
  id: z.string(),
  /** The browser and system, e.g. 'Chrome pe Windows'. */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItem>;

/** GET /api/sesiuni: the open sessions, the current one first, then the most recently used. */
export const sessionList = z.array(sessionItem);

/** How many sessions a call ended. */
export const endedSessions = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessions>;

export const SESSION_MESSAGES = {
  notFound: 'Sesiunea nu există sau s-a încheiat deja.',
} as const;
