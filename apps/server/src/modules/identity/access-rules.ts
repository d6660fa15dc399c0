import type { LoginMode } from '@causeway/contracts';

/**
 * Rules another module adds to every way in (the availability module: each mode's maintenance switch and
 * the UK rules, docs/rules/uk-and-countries.md). Identity asks them at the right moments and knows nothing of
 * what they decide: each throws the AppError that refuses, or returns.
 */
export interface AccessRules {
  /** Before any credential is checked: refuses a sign-in to a mode that is closed (10000047). */
  beforeSignIn(mode: LoginMode): Promise<void>;
  /**
   * Once the person is proven, after a block or closure is answered and before a token or the second-factor
   * step: refuses where the UK rules say so (10000041). `ip`: the request's address, when the way in knows it.
   */
  atSignIn(person: { id: string; userType: string }, mode: LoginMode, ip: string | undefined): Promise<void>;
  /** Every signed-in call, after its session is found: refuses a call of a closed mode (10000047), sign-out excepted. `route`: the route's URL. */
  onSignedInCall(mode: string, route: string): Promise<void>;
}

/** The rules, read when needed (the module that gives them is registered after identity); none: every way is open. */
export type AccessRulesOf = () => AccessRules | undefined;

export const NO_ACCESS_RULES: AccessRulesOf = () => undefined;
