import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** `usr_k3j...`: a prefix that says what the id is, then 120 random bits in base32. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(15).toString('base64url').toLowerCase().replace(/[-_]/g, '0')}`;
}

/** An opaque bearer token: 256 random bits (docs/trust.md asks at least 128). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Six digits from a CSPRNG, leading zeros kept. */
export const newSixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmacHex = (key: Buffer, value: string): string => createHmac('sha256', key).update(value).digest('hex');

/** Compares two strings in time independent of where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A purpose-bound 32-byte key derived from the server secret (HKDF-SHA256). */
export const deriveKey = (secret: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `causeway:${purpose}`, 32));

/** AES-256-GCM; output `iv.tag.ciphertext` in base64url. For secrets at rest (authenticator seeds). */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
