import type { ChannelCode } from '@causeway/contracts';

/**
 * The asset catalogue a fresh install starts with. Limits are per pair, in the base (fiat)
 * currency, as decimal strings. Operators edit the tables afterwards; seeding never overwrites.
 */
export const FIAT_SEEDS = [
  { code: 'EUR', name: 'Euro', decimals: 2, symbol: '€', sort: 1, min: '20', max: '20000' },
  { code: 'GBP', name: 'Pound sterling', decimals: 2, symbol: '£', sort: 2, min: '20', max: '17000' },
  { code: 'USD', name: 'US dollar', decimals: 2, symbol: '$', sort: 3, min: '20', max: '22000' },
  { code: 'PLN', name: 'Polish złoty', decimals: 2, symbol: 'zł', sort: 4, min: '90', max: '90000' },
  { code: 'AED', name: 'UAE dirham', decimals: 2, symbol: 'د.إ', sort: 5, min: '80', max: '80000' },
] as const;

export const CRYPTO_SEEDS = [
  { code: 'BTC', name: 'Bitcoin', decimals: 8, symbol: '₿', sort: 1, networks: [{ network: 'BTC', networkName: 'Bitcoin', decimals: 8 }] },
  {
    code: 'ETH',
    name: 'Ether',
    decimals: 18,
    symbol: 'Ξ',
    sort: 2,
    networks: [{ network: 'ETH', networkName: 'Ethereum (ERC-20)', decimals: 18 }],
  },
  {
    code: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    symbol: '₮',
    sort: 3,
    networks: [
      { network: 'ETH', networkName: 'Ethereum (ERC-20)', decimals: 6 },
      { network: 'TRX', networkName: 'Tron (TRC-20)', decimals: 6 },
    ],
  },
  {
    code: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    symbol: 'USDC',
    sort: 4,
    networks: [
      { network: 'ETH', networkName: 'Ethereum (ERC-20)', decimals: 6 },
      { network: 'SOL', networkName: 'Solana (SPL)', decimals: 6 },
    ],
  },
  { code: 'SOL', name: 'Solana', decimals: 9, symbol: 'SOL', sort: 5, networks: [{ network: 'SOL', networkName: 'Solana', decimals: 9 }] },
  { code: 'TRX', name: 'Tron', decimals: 6, symbol: 'TRX', sort: 6, networks: [{ network: 'TRX', networkName: 'Tron', decimals: 6 }] },
  {
    code: 'XRP',
    name: 'XRP',
    decimals: 6,
    symbol: 'XRP',
    sort: 7,
    // XRP deposits to shared addresses are told apart by the destination tag: a memo is required.
    networks: [{ network: 'XRP', networkName: 'XRP Ledger', decimals: 6, memoRequired: true, memoName: 'Destination tag' }],
  },
] as const;

type Offer = { channel: ChannelCode; transactionTypes: ReadonlyArray<'buy' | 'sell' | 'BUY_SEND' | 'deposit' | 'WITHDRAW'> };

/**
 * Which channels sell which fiat, and for what. Card (CHECKOUT) covers the card currencies; Klarna
 * (KLARNA, buys only) the Klarna Payments markets among them, EUR and GBP.
 */
export const CHANNEL_OFFERS: Record<(typeof FIAT_SEEDS)[number]['code'], Offer[]> = {
  EUR: [
    { channel: 'CHECKOUT', transactionTypes: ['buy', 'sell', 'BUY_SEND'] },
    { channel: 'KLARNA', transactionTypes: ['buy'] },
    { channel: 'CLEAR_JUNCTION', transactionTypes: ['buy', 'sell', 'deposit', 'WITHDRAW'] },
    { channel: 'OPENPAYD', transactionTypes: ['buy', 'sell'] },
    { channel: 'ROMA', transactionTypes: ['buy'] },
  ],
  GBP: [
    { channel: 'CHECKOUT', transactionTypes: ['buy', 'sell'] },
    { channel: 'KLARNA', transactionTypes: ['buy'] },
    { channel: 'CLEAR_JUNCTION_FPS', transactionTypes: ['buy', 'sell', 'deposit', 'WITHDRAW'] },
  ],
  USD: [{ channel: 'CHECKOUT', transactionTypes: ['buy', 'sell', 'BUY_SEND'] }],
  PLN: [{ channel: 'CHECKOUT', transactionTypes: ['buy'] }],
  AED: [{ channel: 'FLOW_BANK', transactionTypes: ['buy', 'deposit'] }],
};

/** Pairs a channel does not offer although its fiat is offered (e.g. card sells of XRP). */
export const CHANNEL_EXCLUSIONS: Array<{ channel: ChannelCode; cryptoCurrency: string; transactionType: string }> = [
  { channel: 'CHECKOUT', cryptoCurrency: 'XRP', transactionType: 'sell' },
];

export const ENTRY_CONFIG_SEEDS = [
  {
    merchantCode: 'DEFAULT',
    brand: 'causeway',
    merchantName: 'Causeway',
    defaultFiatCurrency: 'EUR',
    defaultCryptoCurrency: 'BTC',
    defaultNetwork: 'BTC',
    defaultEntity: 'LI',
    paymentMethods: ['CARD', 'BANK_TRANSFER'],
    transactionTypes: ['buy', 'sell', 'deposit', 'WITHDRAW'],
    channels: ['CHECKOUT', 'CLEAR_JUNCTION', 'CLEAR_JUNCTION_FPS'],
    isRoma: false,
  },
  // The sandbox demo merchant's own entry (modules/merchant/demo-merchant.ts, code sandbox-demo): buy-and-send on.
  {
    merchantCode: 'sandbox-demo',
    brand: 'causeway',
    merchantName: 'Sandbox Demo Shop',
    defaultFiatCurrency: 'EUR',
    defaultCryptoCurrency: 'BTC',
    defaultNetwork: 'BTC',
    defaultEntity: 'LI',
    paymentMethods: ['CARD', 'BANK_TRANSFER', 'BUY_SEND'],
    transactionTypes: ['buy', 'BUY_SEND'],
    channels: ['CHECKOUT', 'CLEAR_JUNCTION'],
    isRoma: false,
  },
  {
    merchantCode: 'demo-merchant',
    brand: 'causeway',
    merchantName: 'Demo Merchant',
    defaultFiatCurrency: 'EUR',
    defaultCryptoCurrency: 'USDT',
    defaultNetwork: 'TRX',
    defaultEntity: 'LI',
    paymentMethods: ['CARD', 'BANK_TRANSFER', 'BUY_SEND'],
    transactionTypes: ['buy', 'BUY_SEND'],
    channels: ['CHECKOUT', 'CLEAR_JUNCTION'],
    isRoma: false,
  },
] as const;

/**
 * Copyright and legal links vary by brand and entity (docs/rules/screens.md, user menu): an operator edits these
 * rows. The defaults are our own pages (modules/legal), complaints the terms' section on them;
 * `{lng}` stands for the page language. TERMS_URL, PRIVACY_URL and COOKIES_URL win over them.
 */
export const MENU_LINK_SEEDS = (['LI', 'PL'] as const).flatMap((entity) =>
  (
    [
      ['terms', '/{lng}/legal/terms'],
      ['privacy', '/{lng}/legal/privacy'],
      ['cookies', '/{lng}/legal/cookies'],
      ['complaints', '/{lng}/legal/terms#complaints'],
    ] as const
  ).map(([key, url], index) => ({
    brand: 'causeway',
    entity,
    linkKey: key,
    url,
    sort: index + 1,
  })),
);

/** Feature switches: withdraw is only offered to web clients of version 1025 or later. */
export const FEATURE_SWITCH_SEEDS = ['indepdentMain', 'main'].flatMap((entry) => [
  { clientType: 'Web', entry, label: 'buy', minVersion: 0, enable: true },
  { clientType: 'Web', entry, label: 'deposit', minVersion: 0, enable: true },
  { clientType: 'Web', entry, label: 'withdraw', minVersion: 0, enable: false },
  { clientType: 'Web', entry, label: 'withdraw', minVersion: 1025, enable: true },
]);
