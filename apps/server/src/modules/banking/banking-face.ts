import type { Balance } from '@causeway/contracts';
import type { BankTransferInstructions } from '@causeway/contracts';
import type { SuspenseCredit } from './bank-suspense.routes.ts';
import type { SuspenseAction, SuspenseActionDone } from './suspense-actions.ts';

/** What other modules may use of banking: a person's balances, and where they pay in. */
export interface BankingFace {
  balancesOf(userId: string): Promise<Balance[]>;
  instructionsFor(user: { id: string; entityTag: string }, currency: 'EUR' | 'GBP'): Promise<BankTransferInstructions>;
  /** What arrived with a bank-transfer buy's reference and was not returned, a decimal string. */
  receivedFor(orderId: string): Promise<string>;
  /** The verified name of the one person a transfer's reference names (theirs or one of their buys'), else null. */
  nameOfReferenced(reference: string): Promise<string | null>;
  /** The operator's desk: credits held in suspense, oldest first (as /operator/bank-suspense lists them). */
  openSuspense(): Promise<SuspenseCredit[]>;
  /**
   * The operator's desk: credits a credit in suspense to a person, or marks it to return (suspense-actions.ts),
   * once, its journal with it; inside the caller's transaction (the desk's act, with its audit row).
   */
  decideSuspense(input: SuspenseAction, operatorId: string): Promise<SuspenseActionDone>;
}
