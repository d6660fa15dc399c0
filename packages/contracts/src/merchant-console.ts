import { z } from 'zod';

/**
 * The merchant console (docs/rules/merchant-console.md): a merchant's members manage its API keys,
 * webhook endpoints and allowed origins, and see its transactions and orders. Every call names the
 * merchant; the server answers only for a member of it.
 */
const id = (max = 40) => z.string().trim().min(1).max(max);
export const merchantIdSchema = z.object({ merchantId: id() });
/** The sensitive changes (a key made, rolled or revoked; an endpoint's secret) take the authenticator code when one is bound. */
const secondFactor = { otpType: z.literal('GA_OTP').optional(), otpCode: z.string().trim().max(6).optional() };

export const MERCHANT_ROLES = ['Owner', 'Developer'] as const;
export const merchantMembershipsSchema = z.object({
  merchants: z.array(
    z.object({ merchantId: z.string(), name: z.string(), code: z.string(), role: z.enum(MERCHANT_ROLES), status: z.string() }),
  ),
});

/** A key as listed: never its secret, only the secret's last four characters. */
export const merchantKeySchema = z.object({
  keyId: z.string(),
  apiKey: z.string(),
  secretHint: z.string(),
  status: z.enum(['Active', 'Expiring', 'Expired', 'Revoked']),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export const merchantKeyListSchema = z.object({ keys: z.array(merchantKeySchema) });
/** A new key with its secret: the only time the secret is shown. */
export const merchantNewKeySchema = merchantKeySchema.extend({ secret: z.string() });
export const createMerchantKeySchema = merchantIdSchema.extend(secondFactor);
/** Rolling: a new key now, the old one working `expiresInHours` more (0 stops it at once), so the merchant deploys the new one first. */
export const MAX_KEY_OVERLAP_HOURS = 72;
export const rollMerchantKeySchema = merchantIdSchema.extend({
  keyId: id(),
  expiresInHours: z.number().int().min(0).max(MAX_KEY_OVERLAP_HOURS),
  ...secondFactor,
});
export const revokeMerchantKeySchema = merchantIdSchema.extend({ keyId: id(), ...secondFactor });

export const webhookEndpointSchema = z.object({
  endpointId: z.string(),
  url: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export const newWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export const createWebhookEndpointSchema = merchantIdSchema.extend({
  url: z.string().trim().min(1).max(2000),
  description: z.string().trim().max(200).default(''),
  ...secondFactor,
});
export const webhookEndpointRefSchema = merchantIdSchema.extend({ endpointId: id() });
export const setWebhookEndpointEnabledSchema = webhookEndpointRefSchema.extend({ enabled: z.boolean() });
export const rotateWebhookSecretSchema = webhookEndpointRefSchema.extend(secondFactor);
export const webhookSecretSchema = z.object({ secret: z.string() });
export const webhookTestSentSchema = z.object({ messageId: z.string() });
export const replayWebhookSchema = merchantIdSchema.extend({ messageId: id(), endpointId: id().optional() });
export const webhookDeliveriesQuerySchema = webhookEndpointRefSchema;
export const webhookDeliveryListSchema = z.object({
  deliveries: z.array(
    z.object({
      deliveryId: z.string(),
      messageId: z.string(),
      eventType: z.string(),
      status: z.enum(['Pending', 'Succeeded', 'Failed']),
      nextAttemptAt: z.string().nullable(),
      attempts: z.array(
        z.object({ at: z.string(), statusCode: z.number().nullable(), error: z.string().nullable(), durationMs: z.number() }),
      ),
    }),
  ),
});

/** An origin as a browser sends it: scheme, host and port, nothing else (no path, no trailing slash). */
export const originSchema = z
  .string()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'An origin is a scheme, a host and a port, like https://shop.example.com');
export const allowedOriginsSchema = z.object({ origins: z.array(z.object({ origin: z.string(), createdAt: z.string() })) });
export const allowedOriginChangeSchema = merchantIdSchema.extend({ origin: originSchema });
export const MAX_ALLOWED_ORIGINS = 20;

/** The merchant's orders, newest first, a page at a time. */
export const merchantOrdersQuerySchema = merchantIdSchema.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const MERCHANT_ORDERS_PAGE_SIZE = 20;
export const merchantOrderListSchema = z.object({
  orders: z.array(
    z.object({
      orderId: z.string(),
      tranId: z.string().nullable(),
      side: z.enum(['BUY', 'SELL']),
      status: z.string(),
      fiatCurrency: z.string(),
      fiatAmount: z.string(),
      cryptoCurrency: z.string(),
      cryptoAmount: z.string(),
      network: z.string(),
      createdAt: z.string(),
    }),
  ),
  total: z.number(),
});

/**
 * What became of the KYC the merchant shared (its entries' kycShareToken, docs/rules/merchant-linking.md), newest
 * first, a page at a time. reused: the vendor rechecks it under our level for an account that never verified;
 * refused: the vendor would not reuse it (`party`: whose side must act, `reason`: why, in stable words);
 * not-recorded: the person began their own verification meanwhile. For an account verified already: comparing
 * (the shared person is awaited), matched, mismatch, or uncompared (no full name and date of birth to compare).
 */
export const merchantSharedKycQuerySchema = merchantIdSchema.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const MERCHANT_SHARED_KYC_PAGE_SIZE = 20;
export const SHARED_KYC_OUTCOMES = ['reused', 'refused', 'not-recorded', 'comparing', 'matched', 'mismatch', 'uncompared'] as const;
export const SHARED_KYC_PARTIES = ['merchant', 'person', 'operator'] as const;
export const merchantSharedKycListSchema = z.object({
  outcomes: z.array(
    z.object({
      createdAt: z.string(),
      /** The merchant's own id for its customer, from the entry that carried the token; null when not known. */
      merchantUserId: z.string().nullable(),
      outcome: z.enum(SHARED_KYC_OUTCOMES),
      party: z.enum(SHARED_KYC_PARTIES).nullable(),
      reason: z.string().nullable(),
    }),
  ),
  total: z.number(),
});

/**
 * The merchant's customers linked to an account of ours (docs/rules/merchant-linking.md), newest link first, a page
 * at a time: its own customer id, when the link was made and last proved, whether that sign-in created the account
 * (the merchant brought us a new customer) and the entry's campaign tag (`cTag`). Never our account or its email.
 */
export const merchantCustomersQuerySchema = merchantIdSchema.extend({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const MERCHANT_CUSTOMERS_PAGE_SIZE = 20;
export const merchantCustomerListSchema = z.object({
  customers: z.array(
    z.object({
      merchantUserId: z.string(),
      linkedAt: z.string(),
      verifiedAt: z.string(),
      signedUpHere: z.boolean(),
      campaignTag: z.string().nullable(),
    }),
  ),
  total: z.number(),
});

export type MerchantKey = z.infer<typeof merchantKeySchema>;
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
