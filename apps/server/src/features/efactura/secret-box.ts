import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Secrets at rest (the ANAF client secret and tokens): AES-256-GCM with a random 96-bit nonce per value;
 * the purpose ('efactura:access-token'…) is bound as associated data, so a value copied into another
 * column does not decrypt. The key is ODONTO_SECRET_KEY, or `<data dir>/secret.key` (32 random bytes,
 * mode 0600) created on first use. A database copy without the key reveals no token.
 */
export interface SecretBox {
  seal(purpose: string, plain: string): string;
  open(purpose: string, sealed: string): string;
}

const VERSION = 'v1';
export const KEY_FILE = 'secret.key';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  return {
    seal(purpose, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}:${Buffer.concat([iv, tag, body]).toString('base64')}`;
    },
    open(purpose, sealed) {
      const [version, payload] = sealed.split(':', 2);
      if (version !== VERSION || payload === undefined) throw new Error('unknown sealed value format');
      const bytes = Buffer.from(payload, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose, 'utf8'));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The configured key, or the data dir's key file (created with mode 0600 when missing; two processes
 * starting at once both end up with the one written first).
 */
export async function loadSecretKey(configured: Buffer | null, dataDir: string): Promise<Buffer> {
  if (configured) return configured;
  const path = join(dataDir, KEY_FILE);
  const existing = await readKey(path);
  if (existing) return existing;
  await mkdir(dataDir, { recursive: true });
  // Written whole under a temporary name, then linked into place: a reader never sees a half-written key,
  // and link() fails when another process put its key there first (that one is kept).
  const temp = join(dataDir, `${KEY_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(randomBytes(32).toString('hex'));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await chmod(temp, 0o600);
    await link(temp, path);
  } catch (error) {
    if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST')) {
      throw error;
    }
  } finally {
    await rm(temp, { force: true });
  }
  const key = await readKey(path);
  if (!key) throw new Error(`${path} is missing`);
  return key;
}

async function readKey(path: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT')
      return null;
    throw error;
  }
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new Error(`${path} does not hold a 256-bit key in hex`);
  return Buffer.from(text, 'hex');
}
