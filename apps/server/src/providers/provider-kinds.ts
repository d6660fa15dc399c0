import { z } from 'zod';

/**
 * Every kind of outside service the server uses, declared once: its vendors, and how the
 * environment chooses one. The rule is one variable per kind, `<KIND>_PROVIDER` (MAIL_PROVIDER,
 * CARD_PROCESSOR_PROVIDER, ...), naming a vendor. The older ways stay accepted as aliases so every
 * existing deployment keeps its providers: a variable of the older name (CARD_PROCESSOR=checkout),
 * or a real vendor's setting being present (SMTP_URL set chooses smtp). With none of them, the
 * first vendor runs: the offline one.
 *
 * Pure data and pure reading, no adapter: config.ts checks the choice with it before anything is
 * built, platform/deployment-mode.ts finds the sandboxes in it, and registry.ts builds the chosen
 * vendors.
 */
interface KindDeclaration {
  /** The vendors, the offline one first: it runs when nothing chooses another. */
  readonly vendors: readonly [string, ...string[]];
  /** The older variable that names a vendor the same way, still accepted. */
  readonly legacyVariable?: string;
  /** The older rule, still accepted: the first of these variables that is set chooses `vendor`. */
  readonly chosenBySetting?: { readonly vendor: string; readonly variables: readonly [string, ...string[]] };
  /** What each real vendor cannot run without: choosing it without them stops the boot. */
  readonly requires: Readonly<Record<string, readonly string[]>>;
}

/**
 * In the order ALLOW_SANDBOX's names are listed. `sandbox` is the offline vendor of the kinds
 * that have one; the built-in help desk, local storage and the bundled translations are real
 * self-hosted choices, which production accepts.
 */
export const PROVIDER_KINDS = {
  /** sandbox: every email lands in the sandbox outbox (/sandbox/mailbox); smtp: real email through SMTP_URL. */
  mail: {
    vendors: ['sandbox', 'smtp'],
    chosenBySetting: { vendor: 'smtp', variables: ['SMTP_URL'] },
    requires: { smtp: ['SMTP_URL'] },
  },
  /** sandbox: SANDBOX_GEO_COUNTRY for private addresses, fixed countries for the documentation ranges; ipinfo: ipinfo.io. */
  geo: {
    vendors: ['sandbox', 'ipinfo'],
    chosenBySetting: { vendor: 'ipinfo', variables: ['IPINFO_TOKEN'] },
    requires: { ipinfo: ['IPINFO_TOKEN'] },
  },
  /** sandbox: every token passes but `sandbox-bot`; recaptcha: Google reCAPTCHA v3. */
  'bot-check': {
    vendors: ['sandbox', 'recaptcha'],
    chosenBySetting: { vendor: 'recaptcha', variables: ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY'] },
    requires: { recaptcha: ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY'] },
  },
  /** sandbox: our own verification page (/sandbox/kyc/verify) deciding by name; sumsub: Sumsub. */
  kyc: {
    vendors: ['sandbox', 'sumsub'],
    chosenBySetting: { vendor: 'sumsub', variables: ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] },
    requires: { sumsub: ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] },
  },
  /**
   * sandbox: our own reviewer deciding by company name, its webhooks through our intake (/webhooks/kyb);
   * sumsub: Sumsub's company applicants. The same Sumsub account as kyc, so the same secrets choose it:
   * an install that verifies people with Sumsub verifies businesses there too.
   */
  kyb: {
    vendors: ['sandbox', 'sumsub'],
    chosenBySetting: { vendor: 'sumsub', variables: ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] },
    requires: { sumsub: ['SUMSUB_APP_TOKEN', 'SUMSUB_SECRET_KEY', 'SUMSUB_WEBHOOK_SECRET'] },
  },
  /** sandbox: a seeded walk, offline; kraken: Kraken's public ticker (no key). */
  prices: {
    vendors: ['sandbox', 'kraken'],
    legacyVariable: 'PRICE_FEED',
    requires: {},
  },
  /** sandbox: the test cards, 3DS page under /sandbox/3ds; checkout: Checkout.com. */
  'card-processor': {
    vendors: ['sandbox', 'checkout'],
    legacyVariable: 'CARD_PROCESSOR',
    requires: { checkout: ['CHECKOUT_SECRET_KEY', 'CHECKOUT_PUBLIC_KEY', 'CHECKOUT_WEBHOOK_SECRET', 'PUBLIC_URL'] },
  },
  /** sandbox: a hash at once, confirmed after SANDBOX_CHAIN_CONFIRM_MS; bitgo: BitGo Express. */
  chain: {
    vendors: ['sandbox', 'bitgo'],
    requires: { bitgo: ['BITGO_ACCESS_TOKEN', 'BITGO_EXPRESS_URL', 'BITGO_WALLET_PASSPHRASE', 'BITGO_WALLET_IDS'] },
  },
  /**
   * sandbox: named accounts, credits (made to arrive at /sandbox/bank) and payments in our database,
   * settled after SANDBOX_BANK_SETTLE_MS; clearjunction: Clear Junction's gate API (SEPA and Faster Payments).
   */
  bank: {
    vendors: ['sandbox', 'clearjunction'],
    requires: { clearjunction: ['CLEAR_JUNCTION_API_KEY', 'CLEAR_JUNCTION_API_PASSWORD', 'CLEAR_JUNCTION_WALLET_UUID'] },
  },
  /** sandbox: a small deny list of sanctioned addresses; chainalysis: Chainalysis's free sanctions API. */
  'address-screening': {
    vendors: ['sandbox', 'chainalysis'],
    legacyVariable: 'ADDRESS_SCREENING',
    requires: { chainalysis: ['CHAINALYSIS_API_KEY'] },
  },
  /**
   * sandbox: sessions and orders in our database, its widget page under /sandbox/klarna; klarna: Klarna
   * Payments and Order Management; none: Klarna is not offered (its pairs hidden, never quoted).
   */
  klarna: {
    vendors: ['sandbox', 'klarna', 'none'],
    requires: { klarna: ['KLARNA_USERNAME', 'KLARNA_PASSWORD', 'KLARNA_API_URL'] },
  },
  /**
   * Signing in with an outside identity provider (the sign-in pages' provider button). sandbox: our own
   * identity provider under /sandbox/oauth, through the OpenID Connect adapter; oidc: any OpenID Connect
   * provider at OAUTH_ISSUER_URL; none: no provider button.
   */
  oauth: {
    vendors: ['sandbox', 'oidc', 'none'],
    requires: { oidc: ['OAUTH_ISSUER_URL', 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET'] },
  },
  /** builtin: help centre and tickets in our database; zendesk: its Help Center and Requests APIs. */
  'help-desk': {
    vendors: ['builtin', 'zendesk'],
    legacyVariable: 'HELP_DESK',
    requires: { zendesk: ['ZENDESK_URL', 'ZENDESK_EMAIL', 'ZENDESK_API_TOKEN', 'ZENDESK_SOURCE_FIELD_ID'] },
  },
  /** local: files under UPLOAD_DIR behind our own signed /uploads URLs; s3: a private S3 bucket. */
  storage: {
    vendors: ['local', 's3'],
    // An endpoint or keys without a bucket would silently keep files on the local disk: they choose s3, which then asks for S3_BUCKET.
    chosenBySetting: { vendor: 's3', variables: ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] },
    requires: { s3: ['S3_BUCKET'] },
  },
  /** bundled: the en and zh texts shipped with the server; remote: an i18n host. */
  translations: {
    vendors: ['bundled', 'remote'],
    chosenBySetting: { vendor: 'remote', variables: ['I18N_HOST'] },
    requires: { remote: ['I18N_HOST', 'I18N_API_KEY'] },
  },
} as const satisfies Record<string, KindDeclaration>;

export type ProviderKind = keyof typeof PROVIDER_KINDS;
export type VendorOf<K extends ProviderKind> = (typeof PROVIDER_KINDS)[K]['vendors'][number];
export const PROVIDER_KIND_NAMES = Object.keys(PROVIDER_KINDS) as ProviderKind[];

type Underscored<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}_${Underscored<Tail>}` : S;
/** `card-processor` → `CARD_PROCESSOR_PROVIDER`. */
export type KindVariable<K extends ProviderKind> = `${Uppercase<Underscored<K>>}_PROVIDER`;
export const kindVariable = <K extends ProviderKind>(kind: K): KindVariable<K> =>
  `${kind.toUpperCase().replaceAll('-', '_')}_PROVIDER` as KindVariable<K>;
type LegacyVariableOf<K extends ProviderKind> = (typeof PROVIDER_KINDS)[K] extends { readonly legacyVariable: infer V extends string }
  ? V
  : never;

/** The kinds with a sandbox vendor: their names are ALLOW_SANDBOX's. */
export type SandboxKind = { [K in ProviderKind]: 'sandbox' extends VendorOf<K> ? K : never }[ProviderKind];
export const SANDBOX_KINDS = PROVIDER_KIND_NAMES.filter((kind): kind is SandboxKind =>
  (PROVIDER_KINDS[kind].vendors as readonly string[]).includes('sandbox'),
);

/** The parsed environment, as far as choosing providers goes (config.ts's Config is one). */
export type ProviderSettings = { readonly [variable: string]: unknown };

const declarationOf = (kind: ProviderKind): KindDeclaration => PROVIDER_KINDS[kind];
const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';
const isVendorOf = <K extends ProviderKind>(kind: K, value: unknown): value is VendorOf<K> =>
  typeof value === 'string' && (declarationOf(kind).vendors as readonly string[]).includes(value);
/** `a`, `a and b`, `a, b and c`. */
const listed = (words: readonly string[], last = 'and') =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)}`;

export interface ProviderChoice<K extends ProviderKind> {
  vendor: VendorOf<K>;
  /** The variable that chose the vendor; undefined when nothing did and the offline one runs. */
  chosenBy: string | undefined;
  /** Why, for messages: `CARD_PROCESSOR is checkout`, `SMTP_URL is set`. */
  because: string | undefined;
}

/** The vendor of one kind: `<KIND>_PROVIDER`, else its older variable, else the older setting rule, else the offline vendor. */
export function chooseProvider<K extends ProviderKind>(settings: ProviderSettings, kind: K): ProviderChoice<K> {
  const declaration = declarationOf(kind);
  for (const variable of [kindVariable(kind), declaration.legacyVariable]) {
    const value = variable === undefined ? undefined : settings[variable];
    if (isVendorOf(kind, value)) return { vendor: value, chosenBy: variable, because: `${variable} is ${value}` };
  }
  const setting = declaration.chosenBySetting?.variables.find((variable) => isSet(settings[variable]));
  if (setting && declaration.chosenBySetting)
    return { vendor: declaration.chosenBySetting.vendor as VendorOf<K>, chosenBy: setting, because: `${setting} is set` };
  return { vendor: declaration.vendors[0] as VendorOf<K>, chosenBy: undefined, because: undefined };
}

/** Every kind's vendor. */
export function chooseProviders(settings: ProviderSettings): { [K in ProviderKind]: VendorOf<K> } {
  return Object.fromEntries(PROVIDER_KIND_NAMES.map((kind) => [kind, chooseProvider(settings, kind).vendor])) as {
    [K in ProviderKind]: VendorOf<K>;
  };
}

/**
 * What stops the boot, on the variable to fix: a `<KIND>_PROVIDER` that disagrees with the older
 * variable of the same kind, and a real vendor chosen without what it needs. (A value that is no
 * vendor at all is refused by the schema below.)
 */
export function providerProblems(settings: ProviderSettings): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  for (const kind of PROVIDER_KIND_NAMES) {
    const variable = kindVariable(kind);
    const legacy = declarationOf(kind).legacyVariable;
    if (legacy && isSet(settings[variable]) && isSet(settings[legacy]) && settings[variable] !== settings[legacy]) {
      problems.push({
        variable,
        message: `disagrees with ${legacy}=${String(settings[legacy])}, the older name of the same choice: set only ${variable}`,
      });
      continue;
    }
    const choice = chooseProvider(settings, kind);
    const needed = declarationOf(kind).requires[choice.vendor] ?? [];
    for (const missing of needed.filter((name) => !isSet(settings[name]))) {
      const message = `must be set when ${choice.because ?? `${variable} is ${choice.vendor}`}`;
      // Kinds sharing a vendor's settings (kyc and kyb: Sumsub) would say the same thing twice.
      if (!problems.some((problem) => problem.variable === missing && problem.message === message))
        problems.push({ variable: missing, message });
    }
  }
  return problems;
}

/**
 * How production's refusal of a running sandbox reads: on the variable that chose it (or, when
 * nothing did, the one people set today to leave it), with what to set instead.
 */
export function sandboxRefusal(settings: ProviderSettings, kind: SandboxKind): { variable: string; instead: string } {
  const declaration = declarationOf(kind);
  const choice = chooseProvider(settings, kind);
  const variable = choice.chosenBy ?? declaration.legacyVariable ?? declaration.chosenBySetting?.variables[0] ?? kindVariable(kind);
  const real = declaration.vendors.filter((vendor) => vendor !== 'sandbox');
  const instead = real.map((vendor) => {
    const needed = declaration.requires[vendor] ?? [];
    if (variable !== kindVariable(kind) && variable !== declaration.legacyVariable) return `set ${listed(needed)}`;
    return `set ${variable}=${vendor}${needed.length > 0 ? ` with ${listed(needed)}` : ''}`;
  });
  return { variable, instead: listed(instead, 'or') };
}

type VendorSchema<K extends ProviderKind> = z.ZodOptional<z.ZodEnum<{ [V in VendorOf<K>]: V }>>;
export type ProviderVariablesShape = { [K in ProviderKind as KindVariable<K>]: VendorSchema<K> } & {
  [K in ProviderKind as LegacyVariableOf<K>]: VendorSchema<K>;
};

/** config.ts's schema of every `<KIND>_PROVIDER` and older kind variable: unset, or one of the kind's vendors. */
export function providerVariablesShape(): ProviderVariablesShape {
  const entries = PROVIDER_KIND_NAMES.flatMap((kind) => {
    const { vendors, legacyVariable } = declarationOf(kind);
    const schema = z.enum(vendors, { message: `must be ${listed(vendors, 'or')}` }).optional();
    return [kindVariable(kind), legacyVariable]
      .filter((variable): variable is string => variable !== undefined)
      .map((variable) => [variable, schema] as const);
  });
  return Object.fromEntries(entries) as unknown as ProviderVariablesShape;
}
