/**
 * The processor's hosted card fields, seen from the add-card form: the number, expiry and CVV are
 * typed into the processor's own frames and never reach this page's code or our API. The form
 * asks them for a single-use token when the person saves.
 */

/** What the fields hand back: the token and display facts only. */
export interface CardFieldsToken {
  token: string;
  last4?: string;
  bin?: string;
}

/** invalid: the fields show what to fix; refused: the processor refused the card; unavailable: no answer. */
export type CardFieldsFailure = 'invalid' | 'refused' | 'unavailable';

export class CardFieldsError extends Error {
  constructor(readonly reason: CardFieldsFailure) {
    super(`card fields: ${reason}`);
    this.name = 'CardFieldsError';
  }
}

export interface CardFieldsHandle {
  /** Asks the processor for a token of what was typed. Rejects with CardFieldsError. */
  tokenize(): Promise<CardFieldsToken>;
  /** Shows every problem of the fields now (the person pressed Save while something else was wrong too). */
  showProblems(): void;
}

export interface CardFieldsProps {
  /** Whether a complete, valid card is typed (the Save button's look follows it). */
  onValidityChange: (valid: boolean) => void;
  /** Enter was pressed inside the fields: save as the Save button would. */
  onSubmitRequest: () => void;
}

/** The app's theme is on <html data-theme>; features read the attribute rather than import the app shell. */
export const isDarkTheme = () => document.documentElement.dataset.theme === 'dark';
