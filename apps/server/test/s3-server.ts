import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:net';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../src/config';
import { testDataRoot } from './test-databases';

export interface TestS3Server {
  endpoint: string;
  /** A new empty bucket, and the ODONTO_S3_* variables that point the app at it. */
  newBucket(prefix?: string): Promise<{ bucket: string; env: Env }>;
  /** The keys in a bucket, read with the SDK itself (not through the app's store), sorted. */
  keys(bucket: string): Promise<string[]>;
  bytes(bucket: string, key: string): Promise<Buffer>;
  /** Deletes an empty bucket, as an operator might by mistake. */
  removeBucket(bucket: string): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server (s3rver) in this process, on a random port, over a temporary folder, for the
 * tests of a file: started before them and stopped after. The getter answers it inside a test.
 */
export function useS3Server(): () => TestS3Server {
  let server: S3rver | null = null;
  let directory = '';
  let client: S3Client | null = null;
  let current: TestS3Server | null = null;
  beforeAll(async () => {
    directory = await mkdtemp(join(testDataRoot(), 'odonto-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    client = s3;
    current = {
      endpoint,
      async newBucket(prefix = '') {
        const bucket = `odonto-${randomBytes(6).toString('hex')}`;
        await s3.send(new CreateBucketCommand({ Bucket: bucket }));
        return {
          bucket,
          env: {
            ODONTO_S3_BUCKET: bucket,
            ODONTO_S3_ENDPOINT: endpoint,
            ODONTO_S3_REGION: 'us-east-1',
            ODONTO_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
            ODONTO_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
            ODONTO_S3_FORCE_PATH_STYLE: 'true',
            ODONTO_S3_PREFIX: prefix,
          },
        };
      },
      async keys(bucket) {
        const answer = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
        return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
      },
      async bytes(bucket, key) {
        const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      },
      async removeBucket(bucket) {
        await s3.send(new DeleteBucketCommand({ Bucket: bucket }));
      },
    };
  });
  afterAll(async () => {
    client?.destroy();
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  return () => {
    if (!current) throw new Error('useS3Server() getter called outside a test');
    return current;
  };
}

/** A local port nobody listens on (taken from the system, then given back): connections are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}
