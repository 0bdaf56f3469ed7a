import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import type { BlobStore } from './blob-store';

type Sdk = typeof S3Sdk;

/** How long check() waits for the bucket: well under a load balancer's own timeout for /api/ready. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * Stored files as objects of an S3-compatible bucket (AWS, MinIO, Ceph, Hetzner…), under
 * `<prefix><key>`. The SDK is loaded only when a bucket is configured, so a clinic on the data dir never
 * loads it. A PutObject is durable once it answers; objects are streamed out, never read whole.
 */
export function createS3BlobStore(
  config: S3Config,
  { checkTimeoutMs = CHECK_TIMEOUT_MS }: { checkTimeoutMs?: number } = {},
): BlobStore {
  let client: Promise<{ sdk: Sdk; s3: S3Sdk.S3Client }> | null = null;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Checksums only where S3 requires them: the SDK's default (CRC32 on every upload, since 2025)
        // is refused by several S3-compatible servers; TLS and the sha256 in `files` guard the bytes.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const objectKey = (key: string) => `${config.prefix}${key}`;
  const bucket = config.bucket;

  return {
    location: `s3://${bucket}/${config.prefix}`,
    async put(key, data, size) {
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: data,
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async open(key) {
      const { sdk, s3 } = await connect();
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return answer.Body;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      const { sdk, s3 } = await connect();
      try {
        await s3.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, s3 } = await connect();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list() {
      const { sdk, s3 } = await connect();
      const pages = sdk.paginateListObjectsV2({ client: s3 }, { Bucket: bucket, Prefix: config.prefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key.slice(config.prefix.length), size: object.Size ?? 0 };
        }
      }
    },
    async check() {
      const { sdk, s3 } = await connect();
      // The SDK has no request timeout of its own: an endpoint that accepts and never answers would hang.
      const timeout = AbortSignal.timeout(checkTimeoutMs);
      try {
        await s3.send(new sdk.HeadBucketCommand({ Bucket: bucket }), { abortSignal: timeout });
      } catch (error) {
        const where = `the bucket ${bucket} at ${config.endpoint ?? `AWS S3 (${config.region})`}`;
        const why = timeout.aborted ? `did not answer within ${checkTimeoutMs / 1000} s` : failure(error);
        throw new Error(`${where}: ${why}`, { cause: error });
      }
    },
    close() {
      void client?.then(({ s3 }) => s3.destroy());
      client = null;
    },
  };
}

/** Why a HeadBucket failed, for the log: HEAD answers have no body, so the status says it. */
function failure(error: unknown): string {
  const status = httpStatus(error);
  if (status === 404) return 'the bucket does not exist';
  if (status === 403) return 'access denied (ODONTO_S3_ACCESS_KEY_ID, ODONTO_S3_SECRET_ACCESS_KEY)';
  if (status !== undefined) return `it answered HTTP ${status}`;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return code || (error instanceof Error ? error.message : String(error));
}

function httpStatus(error: unknown): number | undefined {
  return typeof error === 'object' &&
    error !== null &&
    '$metadata' in error &&
    typeof error.$metadata === 'object' &&
    error.$metadata !== null
    ? (error.$metadata as { httpStatusCode?: number }).httpStatusCode
    : undefined;
}

/** NoSuchKey (GetObject) or a bare 404 (HeadObject, which has no body to name the error). */
function isMissing(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = 'name' in error ? error.name : null;
  const status = httpStatus(error);
  return name === 'NoSuchKey' || name === 'NotFound' || (status === 404 && name !== 'NoSuchBucket');
}
