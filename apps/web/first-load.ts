// The first load of a route: all the JavaScript it downloads before its page can be used, read from
// the Vite manifest of a build (build.manifest in vite.config.ts). `npm run bench` weighs it
// (bench/page-weight.ts) and e2e/first-load-budget.e2e.ts holds it to the budgets below.
import fs from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The entry routes (the pages a person may arrive on) and the module of each one's page chunk. */
export const ENTRY_ROUTES = {
  '/en': 'src/features/home/routes/home-page.tsx',
  '/en/login-v2': 'src/features/auth/routes/login-page.tsx',
  '/en/settings': 'src/features/security/routes/security-centre-page.tsx',
  '/en/sandbox': 'src/features/sandbox/routes/sandbox-page.tsx',
  '/en/services-unavailable': 'src/features/status/routes/services-unavailable-page.tsx',
  '/en/user-blocked': 'src/features/status/routes/user-blocked-page.tsx',
  '/en/<not found>': 'src/features/status/routes/not-found-page.tsx',
  '/en/card-buy-sell': 'src/features/trade/routes/trade-page.tsx',
  // Where Klarna's widget (the sandbox's page) sends the person back: a full page load.
  '/en/klarna-callback': 'src/features/trade/routes/klarna-callback-page.tsx',
  '/en/result': 'src/features/orders/routes/result-page.tsx',
  '/en/history': 'src/features/orders/routes/history-page.tsx',
  // The individual's home, where a sign-in lands (a reload or a bookmark loads it first).
  '/en/dashboard': 'src/features/orders/routes/dashboard-page.tsx',
  // Trade routing's pages for a bank transfer (lib/trade-routing), where a merchant's entry may land: the buy form
  // (banktransfer-buy's default for a buy) and the sell form.
  '/en/banktransfer-buy': 'src/features/trade/routes/bank-transfer-buy-page.tsx',
  '/en/banktransfer-sell': 'src/features/trade/routes/bank-transfer-sell-page.tsx',
  // banktransfer-buy's Deposit side (the dashboard's Deposit): the deposit instructions' own chunk, which the
  // route table loads beside the buy page's.
  '/en/banktransfer-buy?type=deposit': 'src/features/orders/routes/bank-transfer-page.tsx',
  // Saved bank accounts (account menu), which a reload or a bookmark may open first; brings ibantools with it.
  '/en/bank-accounts': 'src/features/bank-accounts/routes/bank-accounts-page.tsx',
  // Withdrawing from the balance (the dashboard's Withdraw), where a reload of a withdrawal's status lands.
  '/en/withdraw': 'src/features/orders/routes/withdraw-page.tsx',
} as const satisfies Record<string, string>;

export type EntryRoute = keyof typeof ENTRY_ROUTES;

/** A kB of the budgets: 1024 bytes, as `npm run bench` counts them. */
export const KB = 1024;

/**
 * Issue 16, item 2: the first-load budgets, brotli (quality 11) of every chunk of the route's first
 * load. The sign-in page 100 kB, the signed-in trade page 130 kB, every other entry route 110 kB (the
 * start page, /en, included).
 */
export const FIRST_LOAD_BUDGETS: Record<EntryRoute, number> = {
  '/en': 110 * KB,
  '/en/login-v2': 100 * KB,
  '/en/settings': 110 * KB,
  '/en/sandbox': 110 * KB,
  '/en/services-unavailable': 110 * KB,
  '/en/user-blocked': 110 * KB,
  '/en/<not found>': 110 * KB,
  '/en/card-buy-sell': 130 * KB,
  '/en/klarna-callback': 110 * KB,
  '/en/result': 110 * KB,
  '/en/history': 110 * KB,
  '/en/dashboard': 110 * KB,
  // Trade pages, as card-buy-sell: the buy form (and the sell form) with its quote.
  '/en/banktransfer-buy': 130 * KB,
  '/en/banktransfer-sell': 130 * KB,
  '/en/banktransfer-buy?type=deposit': 110 * KB,
  '/en/bank-accounts': 110 * KB,
  '/en/withdraw': 110 * KB,
};

/**
 * Issue 16, item 2: what a page needs only later loads later, in no route's first load. Modules of
 * the app by their manifest key; DOMPurify (the sanitiser) by its chunk's name.
 */
export const LOADED_LATER = {
  modules: [
    'src/ui/dialog-shell.tsx', // Radix's dialog: when a dialog opens
    'src/features/help/help-widget-loader.tsx', // the help launcher
    'src/features/help/components/help-widget.tsx', // the help widget
    'src/features/help/components/request-form.tsx', // its forms
    'src/features/trade/components/klarna-step.tsx', // Klarna's SDK widget: only a Klarna buy with the real Klarna
    'src/features/desk/routes/desk-page.tsx', // the operator's desk: only its own page loads it
  ],
  chunkNames: ['purify.es'],
} as const;

/** Every chunk a chunk pulls in statically (dynamic imports load later, on demand). */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Vite's manifest of a build and the static closure of its entry chunk (what every first load holds). */
export function readBuild(distDir: string): { manifest: Manifest; entry: Set<string> } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
  return { manifest, entry: staticClosure(manifest, entryKey) };
}

/** The chunks of a route's first load: the entry's closure and its page chunk's. */
export function firstLoadOf(manifest: Manifest, entry: Set<string>, page: string): Set<string> {
  if (!manifest[page]) throw new Error(`${page} is not a chunk in the manifest`);
  return new Set([...entry, ...staticClosure(manifest, page)]);
}
