import type { Principal } from '../identity/index.ts';
import type { AppropriatenessRecord } from './appropriateness-view.ts';

/** What other modules (orders, the operator's desk) use of the risk module (docs/rules/appropriateness.md). */
export interface RiskFace {
  /** Whether the person may trade: the current risk warning agreed and, for an individual, the test passed, on an open account. */
  isCleared(userId: string): Promise<boolean>;
  /** isCleared for a person already read (the order calls have their principal). */
  clearedFor(person: Pick<Principal, 'id' | 'userType' | 'accountStatus'>): Promise<boolean>;
  /** A person's test for the desk: stage, every attempt with its answers in words and points, every move. Undefined: never started. */
  recordOf(userId: string): Promise<AppropriatenessRecord | undefined>;
  /**
   * Ends a person's cooling-off early so they may retake the test at once; the operator and the reason (1 to 500
   * characters, else REQ0000400) are kept with the move. Refused (RSK0000001) unless the test is in its cooling-off.
   */
  endCoolingOff(input: { userId: string; operator: string; reason: string }): Promise<AppropriatenessRecord>;
}
