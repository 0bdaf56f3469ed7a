import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createSecretBox, KEY_FILE, loadSecretKey } from './secret-box';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'odonto-key-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('secret box', () => {
  it('seals and opens a value; another purpose, key or a changed byte does not open it', () => {
    const key = Buffer.alloc(32, 7);
    const box = createSecretBox(key);
    const sealed = box.seal('efactura:access-token', 'eyJ.secret-token');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('secret-token');
    expect(box.seal('efactura:access-token', 'eyJ.secret-token')).not.toBe(sealed);
    expect(box.open('efactura:access-token', sealed)).toBe('eyJ.secret-token');
    expect(() => box.open('efactura:refresh-token', sealed)).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open('efactura:access-token', sealed)).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => box.open('efactura:access-token', `v1:${bytes.toString('base64')}`)).toThrow();
  });

  it('creates the key file once with mode 0600 and reads the same key afterwards', async () => {
    const dir = await tempDir();
    const [first, second] = await Promise.all([loadSecretKey(null, dir), loadSecretKey(null, dir)]);
    expect(first.equals(second)).toBe(true);
    expect(first).toHaveLength(32);
    expect((await stat(join(dir, KEY_FILE))).mode & 0o777).toBe(0o600);
    expect((await loadSecretKey(null, dir)).equals(first)).toBe(true);
    expect((await readFile(join(dir, KEY_FILE), 'utf8')).trim()).toBe(first.toString('hex'));
  });

  it('uses ODONTO_SECRET_KEY (hex or base64) instead of a file, and refuses a key of another size', async () => {
    const dir = await tempDir();
    const hex = 'ab'.repeat(32);
    const config = loadConfig({ ODONTO_DATA_DIR: dir, ODONTO_SECRET_KEY: hex });
    expect(config.secretKey?.toString('hex')).toBe(hex);
    expect((await loadSecretKey(config.secretKey, dir)).toString('hex')).toBe(hex);
    await expect(stat(join(dir, KEY_FILE))).rejects.toThrow();
    const base64 = Buffer.alloc(32, 3).toString('base64');
    expect(loadConfig({ ODONTO_SECRET_KEY: base64 }).secretKey?.equals(Buffer.alloc(32, 3))).toBe(true);
    expect(() => loadConfig({ ODONTO_SECRET_KEY: 'ab'.repeat(16) })).toThrow(/ODONTO_SECRET_KEY/);
  });

  it('refuses a damaged key file rather than making a new key', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, KEY_FILE), 'not a key');
    await expect(loadSecretKey(null, dir)).rejects.toThrow(/256-bit key/);
  });
});
