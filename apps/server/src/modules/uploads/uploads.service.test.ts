import { ErrorCode, UPLOAD_MESSAGES } from '@causeway/contracts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeFile } from '../../../test/multipart.ts';
import { createManualClock } from '../../platform/clock.ts';
import { createLocalStorage } from '../../providers/storage/local.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { checkDocument, checkStoredDocument, keyBelongsTo, storedFileName } from './uploads.service.ts';

let root: string;
let storage: StorageProvider;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'causeway-uploads-service-'));
  storage = createLocalStorage({ root, urlKey: Buffer.alloc(32, 1), now: createManualClock().now });
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A file put in storage behind the service's back, as a browser does with S3. */
async function placeFile(key: string, bytes: Buffer) {
  await mkdir(path.dirname(path.join(root, key)), { recursive: true });
  await writeFile(path.join(root, key), bytes);
  return key;
}

describe('checkStoredDocument (the check after a direct upload)', () => {
  it('accepts a stored PNG, PDF or JPEG whose name fits its bytes', async () => {
    expect(await checkStoredDocument(storage, await placeFile('kyc/usr_a/1/passport.png', fakeFile('png')))).toEqual({
      ok: true,
      size: 20 * 1024,
      type: 'png',
    });
    expect(await checkStoredDocument(storage, await placeFile('kyb/usr_a/2/register.pdf', fakeFile('pdf')))).toMatchObject({
      ok: true,
      type: 'pdf',
    });
    expect(await checkStoredDocument(storage, await placeFile('kyc/usr_a/3/selfie.jpeg', fakeFile('jpg')))).toMatchObject({
      ok: true,
      type: 'jpg',
    });
  });

  it.each([
    ['an HTML file named .png', 'kyc/usr_a/4/passport.png', fakeFile('html'), ErrorCode.UploadFormatUnsupported, UPLOAD_MESSAGES.format],
    ['a JPEG named .pdf', 'kyc/usr_a/5/statement.pdf', fakeFile('jpg'), ErrorCode.UploadFormatUnsupported, UPLOAD_MESSAGES.format],
    ['a 9 KB file', 'kyc/usr_a/6/small.png', fakeFile('png', 9 * 1024), ErrorCode.UploadSizeOutOfRange, UPLOAD_MESSAGES.size],
    ['a 6 MB file', 'kyc/usr_a/7/big.png', fakeFile('png', 6 * 1024 * 1024), ErrorCode.UploadSizeOutOfRange, UPLOAD_MESSAGES.size],
  ])('refuses %s with the spec text', async (_what, key, bytes, errorName, message) => {
    expect(await checkStoredDocument(storage, await placeFile(key, bytes))).toEqual({ ok: false, errorName, message });
  });

  it('refuses a key with nothing stored, and a key that is not ours, without touching the disk', async () => {
    expect(await checkStoredDocument(storage, 'kyc/usr_a/8/missing.png')).toMatchObject({ ok: false, errorName: ErrorCode.FileNotStored });
    expect(await checkStoredDocument(storage, 'kyc/../../etc/passwd')).toMatchObject({ ok: false, errorName: ErrorCode.FilePathInvalid });
  });
});

describe('the pieces', () => {
  it('checkDocument: size first, then magic bytes and extension', () => {
    expect(checkDocument('a.png', 1, Buffer.from('<html>'))).toMatchObject({ errorName: ErrorCode.UploadSizeOutOfRange });
    expect(checkDocument('a.jpg', 20_000, fakeFile('jpg'))).toMatchObject({ ok: true, type: 'jpg' });
    expect(checkDocument('a', 20_000, fakeFile('jpg'))).toMatchObject({ errorName: ErrorCode.UploadFormatUnsupported });
  });

  it('storedFileName keeps letters, digits, _ and -, and only jpg, jpeg, png, pdf', () => {
    expect(storedFileName('Mein Ausweis (Vorderseite).JPG')).toBe('Mein_Ausweis_Vorderseite.jpg');
    expect(storedFileName('/home/me/scan.v2.pdf')).toBe('scan_v2.pdf');
    expect(storedFileName('x.svg')).toBeUndefined();
    expect(storedFileName('png')).toBeUndefined();
  });

  it("keyBelongsTo: only the user's own folder for that purpose", () => {
    expect(keyBelongsTo('kyc/usr_a/1/a.png', 'usr_a', 'kyc')).toBe(true);
    expect(keyBelongsTo('kyc/usr_ab/1/a.png', 'usr_a', 'kyc')).toBe(false);
    expect(keyBelongsTo('kyb/usr_a/1/a.png', 'usr_a', 'kyc')).toBe(false);
    expect(keyBelongsTo('kyc/usr_a/../usr_b/a.png', 'usr_a', 'kyc')).toBe(false);
  });
});
