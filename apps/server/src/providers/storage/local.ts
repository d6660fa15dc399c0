import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constantTimeEqual, hmacHex } from '../../platform/crypto.ts';
import { assertSafeKey, HEAD_BYTES, safeDownloadName, type StorageProvider, UnsafeKeyError } from './storage.ts';

/** Where our own signed URLs point; the routes of modules/uploads serve them. */
export const LOCAL_UPLOADS_PATH = '/uploads';

export type SignedOp = 'put' | 'get';

/** The query of one of our signed URLs, as it arrives (every field untrusted). */
export interface SignedUrlQuery {
  op?: string;
  expires?: string;
  sig?: string;
  name?: string;
}

/** The local adapter, plus what its routes need to check and serve its own URLs. */
export interface LocalStorage extends StorageProvider {
  readonly kind: 'local';
  /**
   * True when `query` was signed by us for this op and key (and download name for a get) and
   * has not expired. The signature is compared in constant time. Never throws.
   */
  verify(op: SignedOp, key: string, query: SignedUrlQuery): boolean;
  /** Whether a file is stored at the key. Throws UnsafeKeyError for a key that is not ours. */
  exists(key: string): Promise<boolean>;
  /**
   * Stores the bytes at the key unless a file is already there ('exists': a stored file is never
   * replaced). Atomic: readers see the whole file or none, a crash leaves no half file at the key.
   */
  store(key: string, bytes: Buffer): Promise<'stored' | 'exists'>;
  /** The stored bytes, or undefined when nothing is stored at the key. */
  read(key: string): Promise<Buffer | undefined>;
}

export interface LocalStorageOptions {
  /** The folder files live in (UPLOAD_DIR, default DATA_DIR/uploads); created on the first write. */
  root: string;
  /** The key our URLs are signed with: deriveKey(serverSecret, 'upload-url'). */
  urlKey: Buffer;
  /** The time expiry is measured against (the app's clock). */
  now: () => Date;
}

/** Nothing (or a folder, never a file we stored) at the path. */
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes(String((error as NodeJS.ErrnoException).code));

/**
 * Files on the server's disk under `root/<key>`, handed out through URLs on our own origin:
 * `/uploads/<key>?op=put|get&expires=<epoch s>&sig=<hex HMAC-SHA256>`, the HMAC over op, key,
 * expiry (and download name for a get), so a URL cannot be reused for another file, operation or
 * name, nor after it expires.
 */
export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  if (!options.root) throw new Error('UPLOAD_DIR (or DATA_DIR) is required for the local storage provider');
  if (options.urlKey.length < 32) throw new Error('the local storage provider needs a 32-byte URL signing key');
  const root = path.resolve(options.root);
  const temporary = path.join(root, '.tmp'); // keys never start with a dot: no key reaches it

  /** The file of a key, or UnsafeKeyError: both the key's shape and the resolved path are checked. */
  function fileOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new UnsafeKeyError(key);
    return file;
  }

  const signature = (op: SignedOp, key: string, expires: string, name: string) =>
    hmacHex(options.urlKey, JSON.stringify([op, key, expires, name]));

  function signedUrl(op: SignedOp, key: string, expiresInSeconds: number, name = ''): string {
    fileOf(key);
    const expires = String(Math.floor(options.now().getTime() / 1000) + Math.max(1, Math.floor(expiresInSeconds)));
    const query = new URLSearchParams({ op, expires, ...(op === 'get' ? { name } : {}), sig: signature(op, key, expires, name) });
    return `${LOCAL_UPLOADS_PATH}/${key.split('/').map(encodeURIComponent).join('/')}?${query.toString()}`;
  }

  return {
    kind: 'local',

    async presignPut({ key, expiresInSeconds }) {
      return signedUrl('put', key, expiresInSeconds);
    },

    async presignGet({ key, downloadName, expiresInSeconds }) {
      return signedUrl('get', key, expiresInSeconds, safeDownloadName(downloadName));
    },

    verify(op, key, query) {
      const { expires, sig } = query;
      const name = op === 'get' ? query.name : '';
      if (
        query.op !== op ||
        typeof expires !== 'string' ||
        !/^\d{1,12}$/.test(expires) ||
        typeof sig !== 'string' ||
        typeof name !== 'string'
      )
        return false;
      if (!constantTimeEqual(signature(op, key, expires, name), sig.toLowerCase())) return false;
      return options.now().getTime() <= Number(expires) * 1000;
    },

    async exists(key) {
      try {
        return (await fs.stat(fileOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async store(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.mkdir(temporary, { recursive: true });
      const part = path.join(temporary, randomBytes(12).toString('hex'));
      try {
        await fs.writeFile(part, bytes, { flag: 'wx', mode: 0o600 });
        // link() fails when the key exists, atomically: two racing PUTs cannot both win.
        await fs.link(part, file);
        return 'stored';
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'exists';
        throw error;
      } finally {
        await fs.rm(part, { force: true });
      }
    },

    async write(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.mkdir(temporary, { recursive: true });
      const part = path.join(temporary, randomBytes(12).toString('hex'));
      try {
        // Streamed to disk as it is made, then renamed into place: a rename is atomic and replaces the key's file.
        await pipeline(Readable.from(body), createWriteStream(part, { flags: 'wx', mode: 0o600 }));
        const { size } = await fs.stat(part);
        await fs.rename(part, file);
        return { size };
      } finally {
        await fs.rm(part, { force: true });
      }
    },

    async read(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      // The key's own folder (<purpose>/<user>/<random id>) goes with its only file; the user's stays.
      await fs.rmdir(path.dirname(file)).catch((error: unknown) => {
        if (!isMissing(error) && !['ENOTEMPTY', 'EEXIST'].includes(String((error as NodeJS.ErrnoException).code))) throw error;
      });
    },

    async inspect(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) return undefined;
        const head = Buffer.alloc(Math.min(HEAD_BYTES, stats.size));
        await handle.read(head, 0, head.length, 0);
        return { size: stats.size, head };
      } finally {
        await handle.close();
      }
    },
  };
}
