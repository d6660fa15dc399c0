import { storage } from './storage.ts';

/**
 * The four checkout flow modes. Business modes authenticate with the `business-token` header,
 * the others with `token`; independent modes also send `independent: true`.
 */
export type FlowMode = 'individual' | 'independent' | 'business' | 'businessIndependent';

/** Every flow mode, in a stable order (handy for iteration and tests). */
export const FLOW_MODES = ['individual', 'independent', 'business', 'businessIndependent'] as const satisfies readonly FlowMode[];

/** True for `business` and `businessIndependent`: these use the `business-token` header. */
export function isBusinessMode(mode: FlowMode): boolean {
  return mode === 'business' || mode === 'businessIndependent';
}

/** True for `independent` and `businessIndependent`: these send the `independent: true` header. */
export function isIndependentMode(mode: FlowMode): boolean {
  return mode === 'independent' || mode === 'businessIndependent';
}

/** The mode flags the services-unavailable page needs (docs/rules/errors.md, code 10000047). */
export interface ModeFlags {
  mode: FlowMode;
  business: boolean;
  independent: boolean;
}

/** Derives the {@link ModeFlags} of a mode. */
export function modeFlags(mode: FlowMode): ModeFlags {
  return { mode, business: isBusinessMode(mode), independent: isIndependentMode(mode) };
}

/** The sign-in page of each mode: where an authentication failure or a logout lands (docs/rules/order-states.md, docs/rules/roles.md). */
export const LOGIN_ROUTE_BY_MODE: Record<FlowMode, string> = {
  individual: 'login-v2',
  independent: 'login-independent',
  business: 'business-login',
  businessIndependent: 'business-login-independent',
};

export const isFlowMode = (value: unknown): value is FlowMode => (FLOW_MODES as readonly unknown[]).includes(value);

/** Where the mode of the last sign-in page visited is kept; pages without a flow type of their own use it. */
export const MODE_STORAGE_KEY = 'causeway.mode';

/** The remembered mode, individual when none. */
export function storedMode(): FlowMode {
  const stored = storage.getItem<unknown>(MODE_STORAGE_KEY);
  return isFlowMode(stored) ? stored : 'individual';
}
