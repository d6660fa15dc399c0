import { z } from 'zod';
import {
  addCardRequestSchema,
  cardFieldsConfigSchema,
  cardFieldsSessionSchema,
  cardSchema,
  deleteCardRequestSchema,
  listCardRequestSchema,
  listCardResultSchema,
} from '../cards.ts';
import { addWalletRequestSchema, listWalletRequestSchema, listWalletResultSchema, walletIdRequestSchema, walletSchema } from '../orders.ts';
import { PATHS } from '../paths.ts';
import { defineCall } from './define-call.ts';

/** Saved cards (customer/card) and the wallet address book (customer/wallet): a session, but where the card is typed. */
export const CARD_AND_WALLET_CALLS = {
  listCard: defineCall({
    method: 'POST',
    path: PATHS.listCard,
    caller: 'individual',
    tags: ['cards'],
    summary: 'Saved cards (masked), the cap, and when a new card may be added',
    body: listCardRequestSchema.optional(),
    result: listCardResultSchema,
  }),
  cardFieldsConfig: defineCall({
    method: 'GET',
    path: PATHS.cardFieldsConfig,
    // Public, like the processor's publishable key it may carry.
    caller: 'public',
    tags: ['cards'],
    summary: "Where the card is typed: the sandbox processor's card-fields page, or Checkout.com Flow, its public key and environment",
    result: cardFieldsConfigSchema,
  }),
  cardFieldsSession: defineCall({
    method: 'POST',
    path: PATHS.cardFieldsSession,
    caller: 'individual',
    tags: ['cards'],
    summary:
      "The signed-in person's session for the processor's card fields (Checkout.com Flow's Payment Session, amount 0, card only), or null for the sandbox's page; limited per person, never cached",
    result: cardFieldsSessionSchema,
  }),
  addCard: defineCall({
    method: 'POST',
    path: PATHS.addCard,
    caller: 'individual',
    tags: ['cards'],
    summary: "Save a card from the processor's single-use token (card fields); a body with a card number or CVV is refused (400)",
    body: addCardRequestSchema,
    result: cardSchema,
  }),
  deleteCard: defineCall({
    method: 'POST',
    path: PATHS.deleteCard,
    caller: 'individual',
    tags: ['cards'],
    summary: 'Delete a saved card (a new one may be added 48 h later)',
    body: deleteCardRequestSchema,
    result: z.null(),
  }),
  listWallet: defineCall({
    method: 'POST',
    path: PATHS.listWallet,
    caller: 'individual',
    tags: ['wallets'],
    summary: 'Saved wallet addresses, default first',
    body: listWalletRequestSchema.optional(),
    result: listWalletResultSchema,
  }),
  addWallet: defineCall({
    method: 'POST',
    path: PATHS.addWallet,
    caller: 'individual',
    tags: ['wallets'],
    summary: 'Save a wallet address (validated for its network and screened)',
    body: addWalletRequestSchema,
    result: walletSchema,
  }),
  deleteWallet: defineCall({
    method: 'POST',
    path: PATHS.deleteWallet,
    caller: 'individual',
    tags: ['wallets'],
    summary: 'Delete a saved wallet (never the default one)',
    body: walletIdRequestSchema,
    result: z.null(),
  }),
  setDefaultWallet: defineCall({
    method: 'POST',
    path: PATHS.setDefaultWallet,
    caller: 'individual',
    tags: ['wallets'],
    summary: 'Make a saved wallet the default of its asset and network',
    body: walletIdRequestSchema,
    result: walletSchema,
  }),
} as const;
