import type { BotCheckProvider } from './bot-check.ts';

/** The token that makes the sandbox bot check fail, so tests and people can see the refusal. */
export const SANDBOX_BOT_TOKEN = 'sandbox-bot';

/** Accepts everyone (a missing token too) except the SANDBOX_BOT_TOKEN. */
export function createSandboxBotCheck(): BotCheckProvider {
  return { kind: 'sandbox', verify: async ({ token }) => token !== SANDBOX_BOT_TOKEN };
}
