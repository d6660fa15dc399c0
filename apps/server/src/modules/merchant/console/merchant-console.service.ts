import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  MAX_ALLOWED_ORIGINS,
  MERCHANT_CUSTOMERS_PAGE_SIZE,
  MERCHANT_ORDERS_PAGE_SIZE,
  MERCHANT_SHARED_KYC_PAGE_SIZE,
  type MerchantKey,
  SHARED_KYC_OUTCOMES,
  SHARED_KYC_PARTIES,
} from '@causeway/contracts';
import Decimal from 'decimal.js';
import { AppError } from '../../../platform/app-error.ts';
import type { Clock } from '../../../platform/clock.ts';
import { encrypt, newId } from '../../../platform/crypto.ts';
import type { IdentityFace, Principal, Requester } from '../../identity/index.ts';
import { checkSecondFactor } from '../../identity/index.ts';
import type { MerchantApiKeyRow } from '../merchant.repository.ts';
import type { MerchantWebhooksService } from '../webhooks/merchant-webhooks.service.ts';
import type { MerchantConsoleRepository } from './merchant-console.repository.ts';

/** Working keys a merchant may hold at once: enough for a roll on each of a few servers, few enough to audit. */
export const MAX_WORKING_KEYS = 5;
const HOUR_MS = 3_600_000;

/** A key's state as the console shows it, at `now`. */
export function keyView(row: MerchantApiKeyRow, now: Date): MerchantKey {
  const status = row.revokedAt ? 'Revoked' : row.expiresAt && row.expiresAt <= now ? 'Expired' : row.expiresAt ? 'Expiring' : 'Active';
  return {
    keyId: row.id,
    apiKey: row.apiKey,
    secretHint: row.secretHint,
    status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The merchant console (docs/rules/merchant-console.md). Every call is checked against the person's
 * membership of the merchant it names, before anything is read. Making, rolling or revoking a key and
 * an endpoint's secret take the authenticator code when one is bound, as a withdrawal does: a stolen
 * session must not mint keys that sign as the merchant.
 */
export function createMerchantConsoleService(deps: {
  repository: MerchantConsoleRepository;
  webhooks: MerchantWebhooksService;
  identity: Pick<IdentityFace, 'authenticatorStatus' | 'verifyAuthenticatorCode'>;
  transaction: <T>(work: () => Promise<T>) => Promise<T>;
  /** Seals key secrets (merchantSecretKey of the server secret, as the entry verifier reads them). */
  secretKey: Buffer;
  /** `pk_live_` on a production install, `pk_sandbox_` elsewhere: a key says where it works. */
  keyPrefix: 'live' | 'sandbox';
  clock: Clock;
  /** Told when allowed origins change: who may frame the checkout changes with them. */
  onOriginsChanged?: () => void;
}) {
  const { repository, clock } = deps;

  async function assertMember(user: Principal, merchantId: string): Promise<void> {
    if (!(await repository.roleOf(user.id, merchantId))) throw new AppError(ErrorCode.MerchantNotMember);
  }

  async function newKey(merchantId: string, now: Date) {
    const secret = `sk_${deps.keyPrefix}_${randomBytes(24).toString('base64url')}`;
    const row = await repository.insertKey({
      id: newId('mkey'),
      merchantId,
      apiKey: `pk_${deps.keyPrefix}_${randomBytes(12).toString('base64url')}`,
      secretEncrypted: encrypt(deps.secretKey, secret),
      secretHint: secret.slice(-4),
      createdAt: now,
    });
    return { ...keyView(row, now), secret };
  }

  const working = (rows: MerchantApiKeyRow[], now: Date) => rows.filter((row) => !row.revokedAt && (!row.expiresAt || row.expiresAt > now));

  async function ownKey(merchantId: string, keyId: string) {
    const key = await repository.key(merchantId, keyId);
    if (!key) throw new AppError(ErrorCode.MerchantKeyNotFound);
    return key;
  }

  async function originsView(merchantId: string) {
    return {
      origins: (await repository.originsOf(merchantId)).map((row) => ({ origin: row.origin, createdAt: row.createdAt.toISOString() })),
    };
  }

  return {
    async memberships(user: Principal) {
      const rows = await repository.membershipsOf(user.id);
      return { merchants: rows.map((row) => ({ ...row, role: row.role as 'Owner' | 'Developer' })) };
    },

    async keys(user: Principal, merchantId: string) {
      await assertMember(user, merchantId);
      const now = clock.now();
      return { keys: (await repository.keysOf(merchantId)).map((row) => keyView(row, now)) };
    },

    async createKey(user: Principal, body: { merchantId: string; otpType?: string; otpCode?: string }, requester: Requester) {
      await assertMember(user, body.merchantId);
      await checkSecondFactor(deps.identity, user, body, requester);
      return deps.transaction(async () => {
        await repository.lockMerchant(body.merchantId);
        const now = clock.now();
        if (working(await repository.keysOf(body.merchantId), now).length >= MAX_WORKING_KEYS)
          throw new AppError(ErrorCode.MerchantKeyLimit);
        return newKey(body.merchantId, now);
      });
    },

    /** A new key now; the old one keeps working `expiresInHours` (0: stops at once), never longer than it would have. */
    async rollKey(
      user: Principal,
      body: { merchantId: string; keyId: string; expiresInHours: number; otpType?: string; otpCode?: string },
      requester: Requester,
    ) {
      await assertMember(user, body.merchantId);
      await checkSecondFactor(deps.identity, user, body, requester);
      return deps.transaction(async () => {
        await repository.lockMerchant(body.merchantId);
        const now = clock.now();
        const old = await ownKey(body.merchantId, body.keyId);
        if (!working([old], now).length) throw new AppError(ErrorCode.MerchantKeyNotFound, 'that key no longer works: make a new one');
        const end = new Date(now.getTime() + body.expiresInHours * HOUR_MS);
        // An end it had already (an earlier roll) that comes sooner stands.
        if (!old.expiresAt || old.expiresAt > end) await repository.setKeyEnd(old.id, { expiresAt: end });
        return newKey(body.merchantId, now);
      });
    },

    async revokeKey(
      user: Principal,
      body: { merchantId: string; keyId: string; otpType?: string; otpCode?: string },
      requester: Requester,
    ) {
      await assertMember(user, body.merchantId);
      await checkSecondFactor(deps.identity, user, body, requester);
      await ownKey(body.merchantId, body.keyId);
      await repository.setKeyEnd(body.keyId, { revokedAt: clock.now() });
    },

    async endpoints(user: Principal, merchantId: string) {
      await assertMember(user, merchantId);
      return { endpoints: await deps.webhooks.listEndpoints(merchantId) };
    },

    async createEndpoint(
      user: Principal,
      body: { merchantId: string; url: string; description: string; otpType?: string; otpCode?: string },
      requester: Requester,
    ) {
      await assertMember(user, body.merchantId);
      await checkSecondFactor(deps.identity, user, body, requester);
      return deps.webhooks.createEndpoint(body.merchantId, body);
    },

    async setEndpointEnabled(user: Principal, body: { merchantId: string; endpointId: string; enabled: boolean }) {
      await assertMember(user, body.merchantId);
      await deps.webhooks.setEnabled(body.merchantId, body.endpointId, body.enabled);
    },

    async rotateEndpointSecret(
      user: Principal,
      body: { merchantId: string; endpointId: string; otpType?: string; otpCode?: string },
      requester: Requester,
    ) {
      await assertMember(user, body.merchantId);
      await checkSecondFactor(deps.identity, user, body, requester);
      return deps.webhooks.rotateSecret(body.merchantId, body.endpointId);
    },

    async sendTest(user: Principal, body: { merchantId: string; endpointId: string }) {
      await assertMember(user, body.merchantId);
      return deps.webhooks.sendTest(body.merchantId, body.endpointId);
    },

    async deliveries(user: Principal, query: { merchantId: string; endpointId: string }) {
      await assertMember(user, query.merchantId);
      return { deliveries: await deps.webhooks.deliveryLog(query.merchantId, query.endpointId) };
    },

    async replay(user: Principal, body: { merchantId: string; messageId: string; endpointId?: string | undefined }) {
      await assertMember(user, body.merchantId);
      await deps.webhooks.replay(body.merchantId, body.messageId, body.endpointId);
    },

    async origins(user: Principal, merchantId: string) {
      await assertMember(user, merchantId);
      return originsView(merchantId);
    },

    async addOrigin(user: Principal, body: { merchantId: string; origin: string }) {
      await assertMember(user, body.merchantId);
      await deps.transaction(async () => {
        await repository.lockMerchant(body.merchantId);
        const existing = await repository.originsOf(body.merchantId);
        if (!existing.some((row) => row.origin === body.origin) && existing.length >= MAX_ALLOWED_ORIGINS)
          throw new AppError(ErrorCode.MerchantOriginLimit);
        await repository.addOrigin(body.merchantId, body.origin, clock.now());
      });
      deps.onOriginsChanged?.();
      return originsView(body.merchantId);
    },

    async removeOrigin(user: Principal, body: { merchantId: string; origin: string }) {
      await assertMember(user, body.merchantId);
      await repository.removeOrigin(body.merchantId, body.origin);
      deps.onOriginsChanged?.();
      return originsView(body.merchantId);
    },

    async orders(user: Principal, query: { merchantId: string; page: number }) {
      await assertMember(user, query.merchantId);
      const { rows, total } = await repository.ordersOf(
        query.merchantId,
        MERCHANT_ORDERS_PAGE_SIZE,
        (query.page - 1) * MERCHANT_ORDERS_PAGE_SIZE,
      );
      const plain = (value: string) => new Decimal(value).toFixed();
      return {
        total,
        orders: rows.map((row) => ({
          orderId: row.orderId,
          tranId: row.tranId,
          side: row.transactionType === 'sell' ? ('SELL' as const) : ('BUY' as const),
          status: row.status,
          fiatCurrency: row.fiatCurrency,
          fiatAmount: plain(row.fiatAmount),
          cryptoCurrency: row.cryptoCurrency,
          cryptoAmount: plain(row.cryptoAmount),
          network: row.network,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** The merchant's customers linked to an account, newest first: its own ids and what brought them, never our account. */
    async customers(user: Principal, query: { merchantId: string; page: number }) {
      await assertMember(user, query.merchantId);
      const { rows, total } = await repository.customersOf(
        query.merchantId,
        MERCHANT_CUSTOMERS_PAGE_SIZE,
        (query.page - 1) * MERCHANT_CUSTOMERS_PAGE_SIZE,
      );
      return {
        total,
        customers: rows.map((row) => ({
          merchantUserId: row.merchantUserId,
          linkedAt: row.linkedAt.toISOString(),
          verifiedAt: row.verifiedAt.toISOString(),
          signedUpHere: row.signedUpHere,
          campaignTag: row.campaignTag,
        })),
      };
    },

    /** What became of the KYC the merchant shared, newest first, a page at a time: the merchant's customer id, never our account. */
    async sharedKyc(user: Principal, query: { merchantId: string; page: number }) {
      await assertMember(user, query.merchantId);
      const { rows, total } = await repository.sharedKycOf(
        query.merchantId,
        MERCHANT_SHARED_KYC_PAGE_SIZE,
        (query.page - 1) * MERCHANT_SHARED_KYC_PAGE_SIZE,
      );
      const known = <T extends string>(values: readonly T[], value: string | null): T | null =>
        values.find((candidate) => candidate === value) ?? null;
      return {
        total,
        outcomes: rows.map((row) => ({
          createdAt: row.createdAt.toISOString(),
          merchantUserId: row.merchantUserId,
          // Every stored outcome is one of these; one this server does not know reads as not recorded.
          outcome: known(SHARED_KYC_OUTCOMES, row.outcome) ?? ('not-recorded' as const),
          party: known(SHARED_KYC_PARTIES, row.party),
          reason: row.reason,
        })),
      };
    },
  };
}

export type MerchantConsoleService = ReturnType<typeof createMerchantConsoleService>;
