/**
 * The risk step before trading (docs/rules/order-states.md trade routing: "risk check next step other than OK goes
 * to risk-reminder first"). The person reads the crypto risk warning and agrees once per version;
 * a new version of the warning asks again.
 */
export const RISK_WARNING_PROTOCOL = 'RISK_WARNING';
export const RISK_WARNING_VERSION = '20250101';
export const RISK_NEXT_STEPS = ['OK', 'RISK_WARNING'] as const;
export type RiskNextStep = (typeof RISK_NEXT_STEPS)[number];
