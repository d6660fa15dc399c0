export type { BotCheckProvider } from './bot-check.ts';
