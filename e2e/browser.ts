import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { inject } from 'vitest';

import { CHROMIUM_PATH, CHROMIUM_QUIET_FLAGS } from './chromium.ts';

export { CHROMIUM_PATH };
const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_QUIET_FLAGS];

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
