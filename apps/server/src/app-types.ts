import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DialectName } from './db/dialect';
import type { BlobStore } from './files/blob-store';
import type { Mailer } from './notify/mail';

/** The Fastify instance with the zod type provider, as every plugin and route module receives it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A clock; tests pass their own to move time. */
export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
    config: Config;
    /** The app's clock: every "now" of the server comes from here, so tests can move time. */
    now: Clock;
    mailer: Mailer;
    /** Where stored files' bytes live: `<data dir>/files/` or an S3 bucket (decision 0047). */
    blobs: BlobStore;
  }
}
