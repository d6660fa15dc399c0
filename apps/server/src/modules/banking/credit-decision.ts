/**
 * What happens to money that arrived by bank transfer (docs/rules/bank-transfers.md), decided
 * from facts the caller gathered, with no database: every credit is either DEPOSITED into the
 * balance of exactly one verified person whose name the payer's matches, or held in SUSPENSE
 * with the reason an operator reads. Nothing is ever credited on a guess.
 */
export type SuspenseReason =
  /** Neither the account it arrived on nor its reference names anyone. */
  | 'UNKNOWN_PAYEE'
  /** The account and the reference name two different people. */
  | 'CONFLICT'
  /** The person named has not passed verification: we cannot know whose money it is. */
  | 'NOT_VERIFIED'
  /** The payer is someone else (a third-party payment): anti-money-laundering rules forbid crediting it. */
  | 'PAYER_NAME'
  /** A currency we keep no balance in, or not the named account's. */
  | 'CURRENCY';

export type CreditDecision =
  { outcome: 'DEPOSITED'; userId: string; orderId: string | null } | { outcome: 'SUSPENSE'; reason: SuspenseReason; userId: string | null };

export interface CreditFacts {
  currency: string;
  payerName: string;
  /** The owner of the named account it arrived on, and that account's currency; null for the collection account. */
  account: { userId: string; currency: string } | null;
  /** The people whose deposit reference the text carries. */
  referencedPeople: string[];
  /** The bank-transfer buys the text names (their id and owner). */
  referencedOrders: Array<{ id: string; userId: string }>;
  /** The verified name of the one person named (null when they are not verified). Asked only once the person is known. */
  verifiedName: (userId: string) => Promise<string | null>;
  /** Whether the payer's name is the verified person's (bank-accounts' payee-name rule). */
  namesMatch: (payerName: string, verifiedName: string) => boolean;
  /** The currencies balances are kept in. */
  balanceCurrencies: readonly string[];
}

export async function decideCredit(facts: CreditFacts): Promise<CreditDecision> {
  const named = new Set<string>([
    ...(facts.account ? [facts.account.userId] : []),
    ...facts.referencedPeople,
    ...facts.referencedOrders.map((order) => order.userId),
  ]);
  if (named.size === 0) return { outcome: 'SUSPENSE', reason: 'UNKNOWN_PAYEE', userId: null };
  if (named.size > 1) return { outcome: 'SUSPENSE', reason: 'CONFLICT', userId: null };
  const [userId] = named as unknown as [string];
  if (!facts.balanceCurrencies.includes(facts.currency) || (facts.account && facts.account.currency !== facts.currency))
    return { outcome: 'SUSPENSE', reason: 'CURRENCY', userId };
  const verifiedName = await facts.verifiedName(userId);
  if (!verifiedName) return { outcome: 'SUSPENSE', reason: 'NOT_VERIFIED', userId };
  if (!facts.namesMatch(facts.payerName, verifiedName)) return { outcome: 'SUSPENSE', reason: 'PAYER_NAME', userId };
  // Two buys named at once: the money is the person's all the same, and is in the balance for neither.
  const orderId = facts.referencedOrders.length === 1 ? facts.referencedOrders[0]!.id : null;
  return { outcome: 'DEPOSITED', userId, orderId };
}
