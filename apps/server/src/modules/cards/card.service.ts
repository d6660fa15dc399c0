import {
  ErrorCode,
  type AddCardRequest,
  type AddCardWaitReason,
  type Card,
  CARD_READD_WAIT_HOURS,
  isExpiryInFuture,
  maskSegments,
  MAX_CARDS,
} from '@causeway/contracts';
import type { z } from 'zod';
import type { addCardRequestSchema } from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { deriveKey, newId } from '../../platform/crypto.ts';
import {
  CardRefusedError,
  type CardProcessorProvider,
  ProcessorTimeoutError,
  ProcessorUnavailableError,
  type TokenizedCard,
} from '../../providers/card-processor/card-processor.ts';
import type { Principal } from '../identity/index.ts';
import { suspendedUntil } from '../identity/index.ts';
import type { SavedCard } from './saved-card.ts';
import type { CardRow, CardsRepository } from './cards.repository.ts';

export type { AddCardRequest };
type AddCard = z.output<typeof addCardRequestSchema>;

const READD_WAIT_MS = CARD_READD_WAIT_HOURS * 60 * 60 * 1000;

const REFUSALS = {
  INVALID_NUMBER: ErrorCode.CardNumberInvalid,
  EXPIRED: ErrorCode.CardExpired,
  INVALID_CVV: ErrorCode.CardRefused,
  UNSUPPORTED_NETWORK: ErrorCode.CardNumberInvalid,
  REFUSED: ErrorCode.CardRefused,
  TOKEN_INVALID: ErrorCode.CardEntryExpired,
} as const;

export const toCard = (row: CardRow, now: Date): Card => ({
  cardId: row.id,
  cardBin: row.cardBin,
  cardLast4: row.cardLast4,
  issuerBank: row.issuerBank,
  country: row.country,
  cardProcessor: row.cardProcessor as Card['cardProcessor'],
  expiryMonth: row.expiryMonth,
  expiryYear: row.expiryYear,
  enabled: row.enabled && !isExpired(row, now),
  maskedNumber: maskSegments(row.cardBin, row.cardLast4),
});

/** The sandbox processor's fingerprint key, one per install (from the server secret). */
export const cardFingerprintKey = (serverSecret: Buffer): Buffer => deriveKey(serverSecret, 'card-fingerprint');

/** The row we keep for a tokenised card: the processor's token and display facts only. */
export function toCardRow(input: {
  userId: string;
  processor: string;
  tokenized: TokenizedCard;
  billingAddress: unknown;
  now: Date;
}): CardRow {
  const { tokenized } = input;
  return {
    id: newId('card'),
    userId: input.userId,
    processor: input.processor,
    processorToken: tokenized.token,
    fingerprint: tokenized.fingerprint,
    cardBin: tokenized.cardBin,
    cardLast4: tokenized.cardLast4,
    cardProcessor: tokenized.cardProcessor,
    issuerBank: tokenized.issuerBank,
    country: tokenized.country,
    expiryMonth: tokenized.expiryMonth,
    expiryYear: tokenized.expiryYear,
    billingAddress: input.billingAddress,
    enabled: true,
    createdAt: input.now,
    deletedAt: null,
  };
}

/** Valid through the last day of its expiry month, on the app's clock. */
export const isExpired = (row: Pick<SavedCard, 'expiryMonth' | 'expiryYear'>, now: Date) =>
  !isExpiryInFuture(row.expiryMonth, row.expiryYear, now);

/**
 * Saved cards (docs/rules/validation.md, docs/rules/limits.md): at most 5; a new card 48 h after a delete; none during the 24 h
 * after a password or authenticator change. The number and CVV never reach us: the person types
 * them into the processor's card fields, add-card brings the processor's single-use token, and we
 * keep the reusable token the processor makes of it and what it tells us about the card.
 */
export function createCardService(deps: { cards: CardsRepository; processor: CardProcessorProvider; clock: Clock }) {
  const { cards, processor, clock } = deps;

  /** When adding becomes possible again and why (the later wait when both apply), or null when it is possible now. */
  async function addWait(user: Principal): Promise<{ until: Date; reason: AddCardWaitReason } | null> {
    const now = clock.now();
    const suspended = suspendedUntil(user, now);
    const lastDelete = await cards.lastDeletedAt(user.id);
    const afterDelete = lastDelete ? new Date(lastDelete.getTime() + READD_WAIT_MS) : null;
    const waits = [
      ...(suspended ? [{ until: suspended, reason: 'SECURITY_CHANGE' as const }] : []),
      ...(afterDelete && afterDelete > now ? [{ until: afterDelete, reason: 'CARD_DELETED' as const }] : []),
    ];
    return waits.reduce<(typeof waits)[number] | null>((later, wait) => (later && later.until >= wait.until ? later : wait), null);
  }

  return {
    async list(user: Principal) {
      const rows = await cards.listLive(user.id);
      const wait = await addWait(user);
      return {
        cards: rows.map((row) => toCard(row, clock.now())),
        maxCards: MAX_CARDS,
        addCardAvailableAt: wait?.until.toISOString() ?? null,
        addCardWaitReason: wait?.reason ?? null,
      };
    },

    async add(user: Principal, input: AddCard): Promise<Card> {
      const now = clock.now();
      if (suspendedUntil(user, now)) throw new AppError(ErrorCode.CardAddingSuspended);
      if ((await cards.countLive(user.id)) >= MAX_CARDS) throw new AppError(ErrorCode.CardLimitReached);
      const wait = await addWait(user);
      if (wait) throw new AppError(ErrorCode.CardReaddTooSoon, undefined, { availableAt: wait.until.toISOString() });
      let tokenized;
      try {
        tokenized = await processor.saveCard({ cardToken: input.cardToken, billingAddress: input.billingAddress });
      } catch (error) {
        if (error instanceof CardRefusedError) throw new AppError(REFUSALS[error.reason]);
        if (error instanceof ProcessorUnavailableError || error instanceof ProcessorTimeoutError)
          throw new AppError(ErrorCode.PaymentMethodUnavailable);
        throw error;
      }
      // The card fields check the expiry as it is typed; the processor's word is what we keep.
      if (!isExpiryInFuture(tokenized.expiryMonth, tokenized.expiryYear, now)) throw new AppError(ErrorCode.CardExpired);
      const row = toCardRow({ userId: user.id, processor: processor.kind, tokenized, billingAddress: input.billingAddress, now });
      if (!(await cards.insert(row))) throw new AppError(ErrorCode.CardAlreadySaved);
      return toCard(row, now);
    },

    async remove(user: Principal, cardId: string): Promise<null> {
      if (!(await cards.softDelete(user.id, cardId, clock.now()))) throw new AppError(ErrorCode.CardNotFound);
      return null;
    },
  };
}

export type CardService = ReturnType<typeof createCardService>;
