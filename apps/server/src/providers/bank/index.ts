import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { PROVIDER_KINDS } from '../provider-kinds.ts';
import type { BankProvider } from './bank.ts';
import { createClearJunctionBank } from './clear-junction.ts';
import { createSandboxBank, type SandboxBank } from './sandbox.ts';
import { createSandboxBankBook } from './sandbox-bank.repository.ts';

export type {
  BankBeneficiary,
  BankProvider,
  BankRefusal,
  BankScheme,
  BankWebhookNotice,
  IncomingCredit,
  IncomingCreditStatus,
  NamedAccount,
  NamedAccountInput,
  Payment,
  PaymentInput,
  PaymentStatus,
} from './bank.ts';
export { BankRefusedError, BankUnavailableError, BankWebhookRefusedError } from './bank.ts';
export { createSandboxBank, DEFAULT_SANDBOX_BANK_SETTLE_MS, type SandboxBank, sandboxBankOf, type SandboxPaymentView } from './sandbox.ts';
export { type SimulateCreditInput, SandboxBankInputError } from './sandbox-credits.ts';
export { SANDBOX_BANK_SIGNATURE_HEADER, SANDBOX_BANK_WEBHOOK_SECRET, sandboxBankNotice } from './sandbox-webhook.ts';
export {
  SANDBOX_BANK_BIC,
  SANDBOX_BANK_NAME,
  SANDBOX_COLLECTION_ACCOUNTS,
  SANDBOX_OUTCOME_ACCOUNTS,
  SANDBOX_SORT_CODE,
} from './sandbox-bank-accounts.ts';
export { CLEAR_JUNCTION_API_URL } from './clear-junction.ts';

/** The vendors, as the registry declares them (provider-kinds.ts). */
export const BANK_PROVIDER_KINDS = PROVIDER_KINDS.bank.vendors;

export interface BankProviderOptions {
  /** BANK_PROVIDER: `sandbox` (accounts, credits and payments in our database) or `clearjunction`. */
  kind: (typeof BANK_PROVIDER_KINDS)[number];
  db: Database;
  clock: Clock;
  /** SANDBOX_BANK_SETTLE_MS (3000). */
  sandboxSettleMs?: number;
  /** CLEAR_JUNCTION_API_KEY, CLEAR_JUNCTION_API_PASSWORD, CLEAR_JUNCTION_WALLET_UUID (required with `clearjunction`), CLEAR_JUNCTION_API_URL, CLEAR_JUNCTION_APPROVE_PAYOUTS. */
  clearJunction?: {
    apiKey?: string | undefined;
    apiPassword?: string | undefined;
    walletUuid?: string | undefined;
    baseUrl?: string | undefined;
    approvePayouts?: boolean | undefined;
    /** Where Clear Junction posts notifications: PUBLIC_URL/webhooks/clearjunction, when PUBLIC_URL is set. */
    postbackUrl?: string | undefined;
  };
  /** A stand-in fetch for tests. */
  fetchImpl?: typeof fetch;
}

/**
 * One vendor's bank provider, the one the registry (providers/registry.ts) chose, and the sandbox
 * bank itself when it is the sandbox (its page and calls make credits arrive). Bad options stop the
 * boot with the variable's name.
 */
export function createBankProvider(options: BankProviderOptions): { provider: BankProvider; sandbox: SandboxBank | null } {
  switch (options.kind) {
    case 'sandbox': {
      const sandbox = createSandboxBank({
        book: createSandboxBankBook(options.db),
        clock: options.clock,
        ...(options.sandboxSettleMs !== undefined ? { settleMs: options.sandboxSettleMs } : {}),
      });
      return { provider: sandbox, sandbox };
    }
    case 'clearjunction': {
      const settings = options.clearJunction ?? {};
      const provider = createClearJunctionBank({
        apiKey: settings.apiKey ?? '',
        apiPassword: settings.apiPassword ?? '',
        walletUuid: settings.walletUuid ?? '',
        baseUrl: settings.baseUrl,
        postbackUrl: settings.postbackUrl,
        approvePayouts: settings.approvePayouts ?? true,
        clock: options.clock,
        ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
      });
      return { provider, sandbox: null };
    }
    default:
      throw new Error(
        `BANK_PROVIDER must be one of ${BANK_PROVIDER_KINDS.join(', ')} (got ${JSON.stringify((options as { kind: unknown }).kind)})`,
      );
  }
}
