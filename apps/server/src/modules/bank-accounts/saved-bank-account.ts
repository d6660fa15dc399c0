import type { BankAccountKind } from '@causeway/contracts';

/**
 * A saved bank account as a payout reads it (withdrawals, bank-transfer sells): whom to pay and where,
 * plain data. Codes are compact and upper case (no spaces); a kind's fields it does not use are null.
 */
export interface Beneficiary {
  bankAccountId: string;
  userId: string;
  kind: BankAccountKind;
  /** EUR (SEPA), GBP (UK), USD (ACH); null for SWIFT, paid in the payout's currency. */
  currency: string | null;
  /** The payee: the person's own name, as their bank writes it (checked against the verified name when saved). */
  accountName: string;
  bankName: string | null;
  /** SWIFT/BIC: always for SWIFT, when given for SEPA. */
  identifierCode: string | null;
  /** SEPA; SWIFT when the account is an IBAN. */
  iban: string | null;
  /** SWIFT when the account is no IBAN; ACH. */
  accountNumber: string | null;
  sortCode: string | null;
  accountNumberUk: string | null;
  abaRoutingNumber: string | null;
  payeeAddress: string | null;
  payeeCity: string | null;
  payeePostalCode: string | null;
  payeeCountry: string | null;
  /** Masked as the person sees it (DE89 **** 3000): what a receipt or a log may show. */
  maskedNumber: string;
  /** Set once the person deleted it: a payout made before keeps pointing at it. */
  deletedAt: Date | null;
}

/** What other modules may read of saved bank accounts. */
export interface SavedBankAccounts {
  /**
   * The account a new payout is sent to: the person's own and still saved, else undefined (another
   * person's, deleted or unknown are all the same answer, so nothing of another's is told).
   */
  bankAccountForPayout(personId: string, bankAccountId: string): Promise<Beneficiary | undefined>;
  /** The account a payout was made to, even when deleted since (history keeps what was paid where). */
  bankAccountById(bankAccountId: string): Promise<Beneficiary | undefined>;
}
