import { hashPassword, verifyPassword } from '../apps/server/src/modules/identity/password-hasher.ts';
import { CONNECTIONS, DURATION_S } from './load.ts';

/**
 * Password checks per second with the server's own argon2id (password-hasher.ts: the same
 * parameters), as many at once as the bench's connections, for as long as one load measurement:
 * the ceiling sign-ins cannot pass, measured on the same machine in the same run.
 */
export async function measurePasswordHashes(): Promise<{ verificationsPerSecond: number }> {
  const stored = await hashPassword('Bench-password-2026!');
  const endsAt = performance.now() + DURATION_S * 1000;
  let verifications = 0;
  const worker = async () => {
    while (performance.now() < endsAt) {
      if (!(await verifyPassword(stored, 'Bench-password-2026!'))) throw new Error('the hash did not verify');
      verifications += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { verificationsPerSecond: Math.round(verifications / ((performance.now() - started) / 1000)) };
}
