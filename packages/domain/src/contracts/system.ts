import { z } from 'zod';

/** GET /api/client-config: what the browser needs at runtime (Sentry only when the server has a DSN). */
export const clientConfigResponse = z.object({ sentryDsn: z.string().nullable() });
export type ClientConfigResponse = z.infer<typeof clientConfigResponse>;

/** GET /api/health: the process is up and its database answers. */
export const healthResponse = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponse>;
