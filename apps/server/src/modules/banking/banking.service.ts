import { type Balance, type BankTransferInstructions, ErrorCode } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import type { BankProvider } from '../../providers/bank/bank.ts';
import type { Principal } from '../identity/index.ts';
import { CUSTOMER_BALANCE_PREFIX, type Ledger } from '../ledger/index.ts';
import { newBankReference } from './bank-references.ts';
import type { BankingRepository, NamedAccountRow } from './banking.repository.ts';
import { minimumTransfer } from './transfer-minimums.ts';

/** The fiat a balance may hold; anything else in a person's balance is crypto. */
const FIAT = new Set(['EUR', 'GBP', 'USD', 'AED']);
/** How often a freshly drawn reference may collide before we give up (one in 32^8 each time). */
const REFERENCE_DRAWS = 5;

/**
 * The trading account (docs/rules/bank-transfers.md): balances read off the ledger, and the
 * account in the person's own name at the bank provider, where their transfers arrive.
 */
export function createBankingService(deps: {
  repository: BankingRepository;
  ledger: Pick<Ledger, 'balancesStartingWith'>;
  bank: BankProvider;
  clock: Clock;
  /** The name the person's verification passed with; null while they are not verified. */
  verifiedNameOf: (userId: string) => Promise<string | null>;
}) {
  const { repository, bank } = deps;

  async function balancesOf(userId: string): Promise<Balance[]> {
    const rows = await deps.ledger.balancesStartingWith(`${CUSTOMER_BALANCE_PREFIX}${userId}:`);
    return rows.map((row) => ({
      currency: row.currency,
      assetType: FIAT.has(row.currency) ? 'fiat' : 'crypto',
      available: row.balance.toFixed(),
    }));
  }

  async function drawReference(): Promise<string> {
    for (let draw = 0; draw < REFERENCE_DRAWS; draw++) {
      const reference = newBankReference();
      if (!(await repository.referenceTaken(reference))) return reference;
    }
    throw new Error('no free bank reference after several draws');
  }

  /** The person's account in this currency, opened at the provider the first time it is asked for. */
  async function namedAccountOf(userId: string, currency: 'EUR' | 'GBP'): Promise<NamedAccountRow> {
    const existing = await repository.namedAccount(userId, bank.kind, currency);
    if (existing) return existing;
    const holderName = await deps.verifiedNameOf(userId);
    if (!holderName) throw new AppError(ErrorCode.IdentityVerificationRequired, 'verify your identity before paying in by bank transfer');
    const opened = await bank.openNamedAccount({ holderReference: userId, holderName, currency });
    await repository.insertNamedAccount({
      id: newId('bna'),
      userId,
      provider: bank.kind,
      currency,
      accountId: opened.accountId,
      reference: (await repository.referenceOf(userId)) ?? (await drawReference()),
      holderName: opened.holderName,
      iban: opened.iban,
      bic: opened.bic,
      sortCode: opened.sortCode,
      accountNumber: opened.accountNumber,
      bankName: opened.bankName,
      bankAddress: opened.bankAddress,
      createdAt: deps.clock.now(),
    });
    // Two first asks racing: the provider answered both with the same account, and the first row stands.
    const kept = await repository.namedAccount(userId, bank.kind, currency);
    if (!kept) throw new Error(`named account of ${userId} in ${currency} was not kept`);
    return kept;
  }

  /** How the person pays in; the minimum is their entity's (LI and PL differ). */
  async function instructionsFor(user: Pick<Principal, 'id' | 'entityTag'>, currency: 'EUR' | 'GBP'): Promise<BankTransferInstructions> {
    const account = await namedAccountOf(user.id, currency);
    return {
      currency,
      scheme: currency === 'GBP' ? 'FPS' : 'SEPA',
      accountName: account.holderName,
      iban: account.iban,
      bic: account.bic,
      sortCode: account.sortCode,
      accountNumber: account.accountNumber,
      bankName: account.bankName,
      bankAddress: account.bankAddress,
      reference: account.reference,
      minimumAmount: minimumTransfer(user.entityTag, currency),
    };
  }

  return { balancesOf, namedAccountOf, instructionsFor };
}

export type BankingService = ReturnType<typeof createBankingService>;
