import { z } from 'zod';

/** GET /api/client-config: what the browser needs at runtime (Sentry only when the server has a DSN). */
export const clientConfigResponse = z.object({ sentryDsn: z.string().nullable() });
export type ClientConfigResponse = z.infer<typeof clientConfigResponse>;

/** GET /api/health: the process is up and its database answers. */
export const healthResponse = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponse>;

/**
 * GET /api/ready, for a load balancer: the database answers and has every migration this version knows,
 * and the bucket of the stored files answers when there is one. Otherwise a 503 with the error body (code
 * `not_ready`).
 */
export const readyResponse = z.object({ ok: z.literal(true) });
export type ReadyResponse = z.infer<typeof readyResponse>;
