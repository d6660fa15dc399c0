import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1: OWASP's recommended minimum).
 * About 50-80 ms per hash on this 2-core machine: that cost is what makes guessing slow.
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** False (never throws) for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
