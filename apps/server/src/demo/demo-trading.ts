import { and, eq, inArray } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { createLedger } from '../modules/ledger/ledger.repository.ts';
import { fundInventoryJournal } from '../modules/orders/order-journals.ts';
import { toCardRow } from '../modules/cards/card.service.ts';
import type { TokenizedCard } from '../providers/card-processor/card-processor.ts';
import { newId } from '../platform/crypto.ts';
import type { Database } from '../db/client.ts';
import { cards, users, wallets } from '../db/schema/index.ts';
import { CRYPTO_SEEDS } from '../db/seed/catalogue.ts';

/** docs/sandbox.md: the demo individual's saved VISA 4242 (tokenised by the sandbox processor) and default wallets. */
export const DEMO_CARD = { number: '4242424242424242', expiryMonth: 12, expiryYear: 2034, cvv: '123' } as const;
export const DEMO_BILLING_ADDRESS = {
  firstName: 'Demo',
  lastName: 'User',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
} as const;
/** Real mainnet addresses (valid checksums) that belong to nobody we know: fine for a sandbox chain. */
export const DEMO_WALLETS = [
  { cryptoCurrency: 'BTC', network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', label: 'Demo BTC wallet' },
  { cryptoCurrency: 'ETH', network: 'ETH', address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe', label: 'Demo ETH wallet' },
] as const;

/** What the demo install holds to sell, per crypto: enough for any demo, small enough to run out when someone tries. */
const DEMO_INVENTORY: Record<string, string> = {
  BTC: '25',
  ETH: '400',
  USDT: '1000000',
  USDC: '1000000',
  SOL: '10000',
  TRX: '5000000',
  XRP: '1000000',
};

/**
 * Seeds, once each, the demo individual's card and wallets and the sandbox inventory. Never
 * touches what exists: a card or wallet the person deleted stays deleted.
 */
export async function seedDemoTrading(
  db: Database,
  deps: { tokenizeDemoCard: (() => Promise<TokenizedCard>) | null; processorKind: string; now: Date },
): Promise<void> {
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.emailNormalized, 'demo@causeway.test'));
  if (demo && deps.tokenizeDemoCard) {
    const [anyCard] = await db.select({ id: cards.id }).from(cards).where(eq(cards.userId, demo.id)).limit(1);
    if (!anyCard) {
      const tokenized = await deps.tokenizeDemoCard();
      await db
        .insert(cards)
        .values(
          toCardRow({ userId: demo.id, processor: deps.processorKind, tokenized, billingAddress: DEMO_BILLING_ADDRESS, now: deps.now }),
        )
        .onConflictDoNothing();
    }
  }
  if (demo) {
    const existing = await db
      .select({ network: wallets.network })
      .from(wallets)
      .where(
        and(
          eq(wallets.userId, demo.id),
          inArray(
            wallets.network,
            DEMO_WALLETS.map((wallet) => wallet.network),
          ),
        ),
      );
    for (const wallet of DEMO_WALLETS.filter((candidate) => !existing.some((row) => row.network === candidate.network))) {
      await db.insert(wallets).values({ id: newId('wal'), userId: demo.id, ...wallet, memo: null, isDefault: true, createdAt: deps.now });
    }
  }
  const ledger = createLedger(db);
  for (const crypto of CRYPTO_SEEDS) {
    const amount = DEMO_INVENTORY[crypto.code];
    if (amount) await ledger.post(fundInventoryJournal(crypto.code, new Decimal(amount), `seed:inventory:${crypto.code}`));
  }
}
