import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium; the flags keep it from calling out to a network this machine does not have. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface E2eBrowser {
  context: BrowserContext;
  baseUrl: string;
  close(): Promise<void>;
}

/** A fresh Chromium profile (own user-data-dir) pointed at the e2e server. */
export async function openBrowser(
  options: { width?: number; colorScheme?: 'light' | 'dark'; bypassCSP?: boolean } = {},
): Promise<E2eBrowser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'causeway-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light',
    bypassCSP: options.bypassCSP ?? false,
  });
  return {
    context,
    baseUrl: inject('baseUrl'),
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
