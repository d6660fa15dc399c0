import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { VendorOf } from '../provider-kinds.ts';
import { createKlarnaPayments } from './klarna-payments.ts';
import { type KlarnaProvider, KlarnaUnavailableError } from './klarna-provider.ts';
import { createSandboxKlarna, type SandboxKlarna } from './sandbox.ts';
import { createSandboxKlarnaRepository } from './sandbox-klarna.repository.ts';

export * from './klarna-provider.ts';
export { SANDBOX_FRAUD_DECISIONS, type SandboxFraudDecision, type SandboxKlarna, type SandboxKlarnaWidget } from './sandbox.ts';

export interface KlarnaOptions {
  /** KLARNA_PROVIDER: the sandbox (docs/sandbox.md "Klarna", its widget page under /sandbox/klarna) or Klarna. */
  kind: VendorOf<'klarna'>;
  db: Database;
  clock: Clock;
  /** PUBLIC_URL: the sandbox widget pages live under it. */
  publicUrl: string;
  /** KLARNA_USERNAME, KLARNA_PASSWORD, KLARNA_API_URL (config.ts refused Klarna without them). */
  klarna: { username: string; password: string; baseUrl: string };
  fetchImpl?: typeof fetch;
}

/** The Klarna vendor the registry chose; the sandbox comes back twice, as the provider and with what its widget page needs. */
export function createKlarna(options: KlarnaOptions): { provider: KlarnaProvider; sandbox: SandboxKlarna | null } {
  if (options.kind === 'none') return { provider: klarnaOff, sandbox: null };
  if (options.kind === 'klarna') {
    const provider = createKlarnaPayments({ ...options.klarna, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) });
    return { provider, sandbox: null };
  }
  const sandbox = createSandboxKlarna({
    repository: createSandboxKlarnaRepository(options.db),
    clock: options.clock,
    publicUrl: options.publicUrl,
  });
  return { provider: sandbox, sandbox };
}

/**
 * KLARNA_PROVIDER=none: an install that does not offer Klarna. Its pairs are hidden from the catalogue
 * and never quoted (providers/channels-off.ts), so no order reaches these; each says so if one did.
 */
const off = async (): Promise<never> => {
  throw new KlarnaUnavailableError('Klarna is not offered on this install (KLARNA_PROVIDER=none)');
};
const klarnaOff: KlarnaProvider = {
  kind: 'none',
  createSession: off,
  placeOrder: off,
  getOrder: off,
  capture: off,
  refund: off,
  cancelOrder: off,
  cancelAuthorization: off,
};
