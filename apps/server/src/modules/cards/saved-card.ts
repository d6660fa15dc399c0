/**
 * A saved card as other modules see it (an order pays with one): the processor's token and the
 * display facts, plain data. The cards module's own row is a superset of it.
 */
export interface SavedCard {
  id: string;
  userId: string;
  /** The processor that holds the token (sandbox, checkout). */
  processor: string;
  /** The processor's reusable token (e.g. a Checkout.com instrument id). */
  processorToken: string;
  cardBin: string;
  cardLast4: string;
  /** The card's network (VISA, MASTER). */
  cardProcessor: string;
  expiryMonth: number;
  expiryYear: number;
  enabled: boolean;
}

/** The saved cards an order may read: the one chosen (still saved and the person's own), and any by id. */
export interface SavedCards {
  findLive(userId: string, cardId: string): Promise<SavedCard | undefined>;
  /** The card an order was paid with, even when deleted since. */
  findById(cardId: string): Promise<SavedCard | undefined>;
}
