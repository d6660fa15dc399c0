import {
  type AddBankAccountRequest,
  type AddBankAccountWaitReason,
  BANK_ACCOUNT_DAY_HOURS,
  BANK_ACCOUNTS_PER_DAY,
  type BankAccount,
  type BankAccountField,
  type BankAccountProblem,
  type BankAccountValues,
  bankAccountProblems,
  ErrorCode,
  type ErrorName,
  type ListBankAccountResult,
  MAX_BANK_ACCOUNTS,
  normaliseBankAccount,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { type Principal, suspendedUntil } from '../identity/index.ts';
import { toBankAccount, toBankAccountRow } from './bank-account-rows.ts';
import type { BankAccountsRepository } from './bank-accounts.repository.ts';
import { payeeNameMatches } from './payee-name.ts';

const DAY_MS = BANK_ACCOUNT_DAY_HOURS * 60 * 60 * 1000;

/** The catalogue's word for a refused number, by the field it is in; other fields' problems are a malformed request. */
const NUMBER_ERRORS: Partial<Record<BankAccountField, ErrorName>> = {
  iban: ErrorCode.BankIbanInvalid,
  identifierCode: ErrorCode.BankBicInvalid,
  abaRoutingNumber: ErrorCode.BankRoutingNumberInvalid,
  sortCode: ErrorCode.BankSortCodeInvalid,
  accountNumberUk: ErrorCode.BankAccountNumberInvalid,
  accountNumber: ErrorCode.BankAccountNumberInvalid,
};

/** The first problem of the values, as the error add answers: the field goes along, so the page marks it. */
function refusalOf(problems: Partial<Record<BankAccountField, BankAccountProblem>>): AppError | undefined {
  const [field, problem] = Object.entries(problems)[0] ?? [];
  if (!field || !problem) return undefined;
  // A SWIFT account number shaped like an IBAN is refused as one.
  const name = problem === 'iban' ? ErrorCode.BankIbanInvalid : NUMBER_ERRORS[field as BankAccountField];
  return name ? new AppError(name, undefined, { field }) : new AppError(ErrorCode.MalformedRequest, `body.${field}: ${problem}`, { field });
}

/**
 * Saved bank accounts (docs/rules/bank-accounts.md): a verified person's own accounts, in their own name,
 * at most 10 live and 3 added in any 24 hours, none during the 24 h after a password or authenticator
 * change. One account is one person's: another person's add of it is refused, the owner's again
 * answers the one saved. Every refusal changes nothing.
 */
export function createBankAccountService(deps: {
  bankAccounts: BankAccountsRepository;
  clock: Clock;
  transaction: RunInTransaction;
  kycStatusOf: (userId: string) => Promise<string | undefined>;
  verifiedNameOf: (userId: string) => Promise<string | null>;
}) {
  const { bankAccounts, clock } = deps;

  /** When the day's adds free a place again (the oldest of them turns 24 h old), or null while one is free. */
  async function dailyWait(userId: string, now: Date): Promise<Date | null> {
    const added = await bankAccounts.addedSince(userId, new Date(now.getTime() - DAY_MS));
    if (added.length < BANK_ACCOUNTS_PER_DAY) return null;
    return new Date(added[added.length - BANK_ACCOUNTS_PER_DAY]!.getTime() + DAY_MS);
  }

  /** When adding is possible again and why (the later wait when both apply), or null when it is possible now. */
  async function addWait(user: Principal, now: Date): Promise<{ until: Date; reason: AddBankAccountWaitReason } | null> {
    const suspended = suspendedUntil(user, now);
    const daily = await dailyWait(user.id, now);
    if (suspended && (!daily || suspended >= daily)) return { until: suspended, reason: 'SECURITY_CHANGE' };
    return daily ? { until: daily, reason: 'DAILY_LIMIT' } : null;
  }

  async function checkAllowed(user: Principal, values: BankAccountValues, kind: AddBankAccountRequest['kind']): Promise<void> {
    const suspended = suspendedUntil(user, clock.now());
    if (suspended) throw new AppError(ErrorCode.BankAccountAddingSuspended, undefined, { until: suspended.toISOString() });
    if (user.accountStatus !== 'Active' || (await deps.kycStatusOf(user.id)) !== 'Pass')
      throw new AppError(ErrorCode.BankAccountVerificationRequired);
    const refusal = refusalOf(bankAccountProblems(kind, values));
    if (refusal) throw refusal;
    const verifiedName = await deps.verifiedNameOf(user.id);
    if (!verifiedName || !payeeNameMatches(values.accountName ?? '', verifiedName)) throw new AppError(ErrorCode.BankAccountNameMismatch);
  }

  return {
    async list(user: Principal): Promise<ListBankAccountResult> {
      const now = clock.now();
      const rows = await bankAccounts.listLive(user.id);
      const wait = await addWait(user, now);
      return {
        bankAccounts: rows.map(toBankAccount),
        maxBankAccounts: MAX_BANK_ACCOUNTS,
        bankAccountsPerDay: BANK_ACCOUNTS_PER_DAY,
        addBankAccountAvailableAt: wait?.until.toISOString() ?? null,
        addBankAccountWaitReason: wait?.reason ?? null,
      };
    },

    async add(user: Principal, body: AddBankAccountRequest): Promise<BankAccount> {
      const { kind, ...given } = body;
      await checkAllowed(user, given, kind);
      const values = normaliseBankAccount(kind, given);
      return deps.transaction(async () => {
        // Under the person's lock: a parallel add of theirs counts after this one.
        await bankAccounts.lockPerson(user.id);
        const now = clock.now();
        const row = toBankAccountRow({ userId: user.id, kind, values, now });
        const sameAccount = async () => {
          const existing = await bankAccounts.findLiveByKey(row.accountKey);
          if (existing && existing.userId !== user.id) throw new AppError(ErrorCode.BankAccountUsedByAnother);
          return existing && toBankAccount(existing);
        };
        const saved = await sameAccount();
        if (saved) return saved;
        if ((await bankAccounts.countLive(user.id)) >= MAX_BANK_ACCOUNTS) throw new AppError(ErrorCode.BankAccountLimitReached);
        const daily = await dailyWait(user.id, now);
        if (daily) throw new AppError(ErrorCode.BankAccountDailyLimitReached, undefined, { availableAt: daily.toISOString() });
        if (await bankAccounts.insert(row)) return toBankAccount(row);
        // Another person saved the same account since we looked (their lock is not ours): the index decided.
        const raced = await sameAccount();
        if (raced) return raced;
        throw new AppError(ErrorCode.BankAccountUsedByAnother);
      });
    },

    async remove(user: Principal, bankAccountId: string): Promise<null> {
      if (!(await bankAccounts.softDelete(user.id, bankAccountId, clock.now()))) throw new AppError(ErrorCode.BankAccountNotFound);
      return null;
    },
  };
}

export type BankAccountService = ReturnType<typeof createBankAccountService>;
