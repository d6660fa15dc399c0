/**
 * docs/sandbox.md, "Cards": what each test number does. Any other Luhn-valid VISA or Mastercard
 * number is authorised like 4242 4242 4242 4242.
 */
export const SANDBOX_CARD_BEHAVIOURS = ['AUTHORIZE', 'CHALLENGE', 'DECLINE', 'INSUFFICIENT_FUNDS', 'TIMEOUT', 'PARTIAL'] as const;
export type SandboxCardBehaviour = (typeof SANDBOX_CARD_BEHAVIOURS)[number];

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxCardBehaviour>> = {
  '4242424242424242': 'AUTHORIZE',
  '5555555555554444': 'AUTHORIZE',
  '4000000000003220': 'CHALLENGE',
  '4000000000000002': 'DECLINE',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000000119': 'TIMEOUT',
  '5200000000000007': 'PARTIAL',
};

export const behaviourOf = (digits: string): SandboxCardBehaviour => SANDBOX_TEST_CARDS[digits] ?? 'AUTHORIZE';

export const isSandboxCardBehaviour = (value: string): value is SandboxCardBehaviour =>
  (SANDBOX_CARD_BEHAVIOURS as readonly string[]).includes(value);

/** The bank the sandbox says issued every card. */
export const SANDBOX_ISSUER_BANK = 'Causeway Sandbox Bank';

/** How long a 3DS challenge waits for an answer before the payment is declined (Checkout.com: 15 minutes, response 20152). */
export const SANDBOX_CHALLENGE_TTL_MS = 15 * 60 * 1000;

/** How long a card-fields token can be spent on saving the card (Checkout.com's card tokens: 15 minutes). */
export const SANDBOX_CARD_FIELDS_TOKEN_TTL_MS = 15 * 60 * 1000;
