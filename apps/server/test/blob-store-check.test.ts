import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../src/config';
import { createS3BlobStore } from '../src/files/s3-blob-store';
import { closedPort, useS3Server } from './s3-server';

/** What /api/ready and the warning at start rely on: check() says where it looked and why it failed. */
describe('the bucket check (BlobStore.check)', () => {
  const s3 = useS3Server();
  const closing: (() => void)[] = [];
  afterEach(() => {
    for (const close of closing.splice(0)) close();
  });
  const store = (config: S3Config, options?: { checkTimeoutMs: number }) => {
    const made = createS3BlobStore(config, options);
    closing.push(() => made.close());
    return made;
  };
  const s3Config = async (env: Record<string, string> = {}): Promise<S3Config> => {
    const config = loadConfig({ ...(await s3().newBucket()).env, ...env }).s3;
    if (!config) throw new Error('no S3 configuration');
    return config;
  };

  it('resolves for a bucket that answers', async () => {
    await expect(store(await s3Config()).check()).resolves.toBeUndefined();
  });

  it('names the bucket and the endpoint when the bucket does not exist', async () => {
    const config = await s3Config({ ODONTO_S3_BUCKET: 'odonto-nu-exista' });
    await expect(store(config).check()).rejects.toThrow(
      `the bucket odonto-nu-exista at ${s3().endpoint}: the bucket does not exist`,
    );
  });

  it('says the keys are refused when the bucket answers 403', async () => {
    const config = await s3Config({ ODONTO_S3_ACCESS_KEY_ID: 'CHEIE-GRESITA' });
    await expect(store(config).check()).rejects.toThrow(`at ${s3().endpoint}: access denied`);
  });

  it('names the endpoint when nobody listens there', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const config = await s3Config({ ODONTO_S3_ENDPOINT: endpoint });
    await expect(store(config).check()).rejects.toThrow(`at ${endpoint}: ECONNREFUSED`);
  });

  it('gives up after its timeout on an endpoint that accepts and never answers', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    closing.push(() => {
      for (const socket of sockets) socket.destroy();
      silent.close();
    });
    const address = silent.address();
    if (typeof address !== 'object' || address === null) throw new Error('no port');
    const config = await s3Config({ ODONTO_S3_ENDPOINT: `http://127.0.0.1:${address.port}` });
    await expect(store(config, { checkTimeoutMs: 300 }).check()).rejects.toThrow(
      'did not answer within 0.3 s',
    );
    expect(sockets.length).toBeGreaterThan(0);
  });
});
