/**
 * The sandbox tools a person opens by hand (docs/sandbox.md), by key, with their page. An install
 * registers those its sandboxes and settings give it (none in production); health lists them
 * (health.ts). The pages a flow opens itself (card fields, 3-D Secure, the verification page,
 * Klarna's widget) need the flow's own link and are not listed. No Zod here: the web app's
 * sandbox page reads these without the schemas.
 */
export const SANDBOX_TOOL_PAGES = {
  mailbox: '/sandbox/mailbox',
  ledger: '/sandbox/ledger',
  chain: '/sandbox/chain',
  bank: '/sandbox/bank',
  helpDesk: '/sandbox/help-desk',
  helpCentre: '/help-centre',
  operatorReview: '/operator/orders-awaiting-review',
  serviceModes: '/sandbox/service-modes',
  edd: '/sandbox/edd',
} as const;
export type SandboxToolKey = keyof typeof SANDBOX_TOOL_PAGES;
export const SANDBOX_TOOL_KEYS = Object.keys(SANDBOX_TOOL_PAGES) as [SandboxToolKey, ...SandboxToolKey[]];
