import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../test/fake-s3.ts';
import { fakeFile } from '../../../test/multipart.ts';
import { createManualClock } from '../../platform/clock.ts';
import { deriveKey } from '../../platform/crypto.ts';
import { createLocalStorage, type LocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import { HEAD_BYTES, type StorageProvider, UnsafeKeyError } from './storage.ts';

const clock = createManualClock();
const CREDENTIALS = { accessKeyId: 'AKIDCAUSEWAYTEST', secretAccessKey: 'causeway/test/secret/access/key/0000' };
let root: string;
let local: LocalStorage;
let fakeS3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'causeway-storage-'));
  local = createLocalStorage({ root, urlKey: deriveKey(Buffer.from('storage-contract-secret'), 'upload-url'), now: clock.now });
  fakeS3 = await startFakeS3({ bucket: 'causeway-docs', ...CREDENTIALS, now: clock.now });
});
afterAll(async () => {
  await fakeS3.close();
  await rm(root, { recursive: true, force: true });
});

interface Transfer {
  /** Sends the bytes through a presigned PUT URL the way a browser does: true when stored. */
  upload(url: string, bytes: Buffer): Promise<boolean>;
  /** Follows a presigned GET URL: the bytes and the download name offered, or undefined when refused. */
  download(url: string): Promise<{ bytes: Buffer; disposition: string } | undefined>;
}

// The local adapter's URLs are served by modules/uploads; at this level the transfer is the
// adapter's own verify/store/read. The S3 adapter's URLs go over HTTP to the loopback bucket.
const localTransfer: Transfer = {
  async upload(url, bytes) {
    const { key, query } = parseLocal(url);
    return local.verify('put', key, query) && (await local.store(key, bytes)) === 'stored';
  },
  async download(url) {
    const { key, query } = parseLocal(url);
    const bytes = local.verify('get', key, query) ? await local.read(key) : undefined;
    return bytes && { bytes, disposition: `attachment; filename="${query.name}"` };
  },
};
function parseLocal(url: string) {
  const parsed = new URL(url, 'http://causeway.test');
  expect(parsed.pathname.startsWith('/uploads/')).toBe(true);
  return { key: decodeURIComponent(parsed.pathname.slice('/uploads/'.length)), query: Object.fromEntries(parsed.searchParams) };
}

const httpTransfer: Transfer = {
  async upload(url, bytes) {
    const response = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'image/png' } });
    return response.ok;
  },
  async download(url) {
    const response = await fetch(url);
    return response.ok
      ? { bytes: Buffer.from(await response.arrayBuffer()), disposition: response.headers.get('content-disposition') ?? '' }
      : undefined;
  },
};

const adapters: Array<[string, () => StorageProvider, Transfer]> = [
  ['local', () => local, localTransfer],
  [
    's3',
    () =>
      createS3Storage({
        bucket: 'causeway-docs',
        endpoint: fakeS3.url,
        forcePathStyle: true,
        region: 'eu-west-1',
        credentials: CREDENTIALS,
        now: clock.now,
      }),
    httpTransfer,
  ],
];

/** A body made in parts, as a job writing a file yields it. */
async function* parts(...chunks: Array<string | Buffer>) {
  yield* chunks;
}

let counter = 0;
const newKey = (name = 'passport.png') => `kyc/usr_contract/${(counter += 1)}abc/${name}`;

describe.each(adapters)('StorageProvider: %s', (_name, create, transfer) => {
  it('stores what is PUT to a presigned URL; inspect answers the size and the first 16 bytes', async () => {
    const storage = create();
    const key = newKey();
    const bytes = fakeFile('png', 20 * 1024);
    expect(await transfer.upload(await storage.presignPut({ key, expiresInSeconds: 600 }), bytes)).toBe(true);
    expect(await storage.inspect(key)).toEqual({ size: bytes.length, head: bytes.subarray(0, HEAD_BYTES) });
  });

  it('inspect answers the whole file when it is shorter than 16 bytes, and undefined when nothing is stored', async () => {
    const storage = create();
    const key = newKey('tiny.pdf');
    await transfer.upload(await storage.presignPut({ key, expiresInSeconds: 600 }), Buffer.from('%PDF-1'));
    expect(await storage.inspect(key)).toEqual({ size: 6, head: Buffer.from('%PDF-1') });
    expect(await storage.inspect(newKey())).toBeUndefined();
  });

  it('a presigned GET answers the same bytes as an attachment with the download name', async () => {
    const storage = create();
    const key = newKey('scan.pdf');
    const bytes = fakeFile('pdf', 12 * 1024);
    await transfer.upload(await storage.presignPut({ key, expiresInSeconds: 600 }), bytes);
    const downloaded = await transfer.download(await storage.presignGet({ key, downloadName: 'My "scan"\r\n.pdf', expiresInSeconds: 600 }));
    expect(downloaded?.bytes.equals(bytes)).toBe(true);
    expect(downloaded?.disposition).toBe('attachment; filename="My _scan_.pdf"');
  });

  it('a URL stops working when it expires, and stores nothing', async () => {
    const storage = create();
    const key = newKey();
    const url = await storage.presignPut({ key, expiresInSeconds: 60 });
    clock.advance(61_000);
    expect(await transfer.upload(url, fakeFile('png'))).toBe(false);
    expect(await storage.inspect(key)).toBeUndefined();
  });

  it('a URL with one character of its signature changed stores nothing', async () => {
    const storage = create();
    const key = newKey();
    const url = await storage.presignPut({ key, expiresInSeconds: 600 });
    const tampered = url.replace(
      /((?:sig|X-Amz-Signature)=[0-9a-f]{63})([0-9a-f])/,
      (_all, start: string, last: string) => `${start}${last === '0' ? '1' : '0'}`,
    );
    expect(tampered).not.toBe(url);
    expect(await transfer.upload(tampered, fakeFile('png'))).toBe(false);
    expect(await storage.inspect(key)).toBeUndefined();
  });

  it('a PUT URL cannot store under another key', async () => {
    const storage = create();
    const [key, other] = [newKey(), newKey()];
    const url = await storage.presignPut({ key, expiresInSeconds: 600 });
    expect(await transfer.upload(url.replace(key, other), fakeFile('png'))).toBe(false);
    expect(await storage.inspect(other)).toBeUndefined();
  });

  it('remove deletes the stored file, and removing what is not there is no error', async () => {
    const storage = create();
    const [key, other] = [newKey(), newKey()];
    await transfer.upload(await storage.presignPut({ key, expiresInSeconds: 600 }), fakeFile('png'));
    await transfer.upload(await storage.presignPut({ key: other, expiresInSeconds: 600 }), fakeFile('png'));
    await storage.remove(key);
    expect(await storage.inspect(key)).toBeUndefined();
    expect(await storage.read(key)).toBeUndefined();
    await storage.remove(key);
    expect(await storage.inspect(other)).toMatchObject({ size: 20 * 1024 });
  });

  it('write stores what its body yields, replacing the file at the key; read answers it', async () => {
    const storage = create();
    const key = newKey('history.csv');
    expect(await storage.write(key, parts('a,b\r\n', Buffer.from('1,2\r\n')), 'text/csv; charset=utf-8')).toEqual({ size: 10 });
    expect((await storage.read(key))?.toString('utf8')).toBe('a,b\r\n1,2\r\n');
    expect(await storage.write(key, parts('c\r\n'), 'text/csv; charset=utf-8')).toEqual({ size: 3 });
    expect((await storage.read(key))?.toString('utf8')).toBe('c\r\n');
    await storage.remove(key);
    expect(await storage.read(key)).toBeUndefined();
  });

  it.each([
    'kyc/../../etc/passwd.png',
    '../kyc/a/b.png',
    '/etc/passwd',
    'kyc\\a\\b.png',
    'kyc//b.png',
    'kyc/a/.hidden.png',
    'kyc/a/b..png',
    'kyc/%2e%2e/b.png',
    'passport.png',
    '',
  ])('refuses the key %j everywhere', async (key) => {
    const storage = create();
    await expect(storage.presignPut({ key, expiresInSeconds: 600 })).rejects.toThrow(UnsafeKeyError);
    await expect(storage.presignGet({ key, downloadName: 'a.png', expiresInSeconds: 600 })).rejects.toThrow(UnsafeKeyError);
    await expect(storage.inspect(key)).rejects.toThrow(UnsafeKeyError);
    await expect(storage.remove(key)).rejects.toThrow(UnsafeKeyError);
    await expect(storage.write(key, parts('x'), 'text/csv')).rejects.toThrow(UnsafeKeyError);
  });
});

describe('local storage', () => {
  it('keeps files under its folder as <key>, never replaces one, and leaves no temporary file', async () => {
    const key = newKey();
    expect(await local.store(key, fakeFile('png'))).toBe('stored');
    expect(await local.store(key, fakeFile('jpg'))).toBe('exists');
    expect((await local.inspect(key))?.head.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await readdir(path.join(root, path.dirname(key)))).toEqual(['passport.png']);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it("remove takes the key's own folder with its file and leaves the person's folder", async () => {
    const key = newKey();
    await local.store(key, fakeFile('png'));
    await local.remove(key);
    expect(await readdir(path.join(root, 'kyc/usr_contract'))).not.toContain(key.split('/')[2]);
  });

  it('signs op, key, expiry and download name: a PUT URL does not download, a GET URL does not upload', async () => {
    const key = newKey();
    await local.store(key, fakeFile('png'));
    const parse = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
    const put = parse(await local.presignPut({ key, expiresInSeconds: 600 }));
    const get = parse(await local.presignGet({ key, downloadName: 'a.png', expiresInSeconds: 600 }));
    expect(put).toMatchObject({
      op: 'put',
      expires: String(clock.now().getTime() / 1000 + 600),
      sig: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(local.verify('put', key, put)).toBe(true);
    expect(local.verify('get', key, { ...put, op: 'get' })).toBe(false);
    expect(local.verify('put', key, { ...get, op: 'put' })).toBe(false);
    expect(local.verify('get', key, { ...get, name: 'b.png' })).toBe(false);
    expect(local.verify('get', key, { ...get, expires: String(Number(get.expires) + 1) })).toBe(false);
    expect(local.verify('put', key, {})).toBe(false);
  });
});
