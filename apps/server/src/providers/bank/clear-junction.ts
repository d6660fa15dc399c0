import { type Clock, systemClock } from '../../platform/clock.ts';
import { type BankProvider, BankRefusedError, BankUnavailableError, type NamedAccount } from './bank.ts';
import { type BankCurrency, checkNamedAccountInput, checkPaymentInput, schemeOf } from './bank-input.ts';
import { type ClearJunctionCall, createClearJunctionCall, describeClearJunctionError, unavailable } from './clear-junction-http.ts';
import {
  clearJunctionAccountId,
  creditOfPayin,
  firstMessage,
  isSamePayout,
  paymentOfPayout,
  payoutBody,
  UUID,
} from './clear-junction-orders.ts';
import { clearJunctionDate, readClearJunctionNotification, verifyClearJunctionNotification } from './clear-junction-signature.ts';
import { isValidIban } from './iban.ts';

/**
 * The bank through Clear Junction's gate API, v7 (channels CLEAR_JUNCTION, CLEAR_JUNCTION_FPS,
 * CLEAR_JUNCTION_GBP). Which documentation each part follows:
 *
 * - The API reference: https://clearjunctionrestapi.docs.apiary.io/ (Authentication, Payout, Payin,
 *   Requisites allocation, Reports, Transaction actions). Its entity names and status values were
 *   read through two public clients built on it, MyJetWallet.Clearjunction.Client (.NET, in
 *   production use) and clearjunction-js (TypeScript, transcribed from the reference), where the
 *   reference itself could not be fetched; the fixtures follow those shapes.
 * - Signing (every request, and the notifications we receive): clear-junction-signature.ts.
 * - Named accounts: POST /v7/gate/allocate/v3/create/iban (v2 is deprecated) allocates a virtual IBAN for a registrant,
 *   asynchronously (accepted, pending, then allocated or declined); GET
 *   /v7/gate/allocate/v2/status/iban/clientOrder/{clientOrder} reads it. Clear Junction's virtual
 *   IBANs are GB ones (GBkk CLJU ssssss aaaaaaaa), which carry the sort code and account number a
 *   Faster Payments sender types; a GBP account is shown that way, a EUR one as the IBAN. The v3
 *   registrant also asks for a birth date, address and identity document, which NamedAccountInput does
 *   not carry yet: until it does, Clear Junction may refuse the allocation (BankRefusedError REJECTED,
 *   with its message naming the missing fields).
 * - Payments: POST /v7/gate/payout/bankTransfer/eu (SEPA, EUR) and /v7/gate/payout/bankTransfer/fps
 *   (Faster Payments, GBP; the reference also lists /v7/gate/payout/v2/bankTransfer/fps, whose payer
 *   requisite is our IBAN: a switch to it is a path and that field), our idempotency key as `clientOrder`; GET
 *   /v7/gate/status/payout/orderReference/{uuid} and .../clientOrder/{clientOrder} read one. A payout is
 *   created awaiting approval, which POST /v7/gate/transactionAction/approve gives (unless
 *   CLEAR_JUNCTION_APPROVE_PAYOUTS=false leaves it to Clear Junction's own dashboard).
 * - Credits: pay-ins, read by GET /v7/gate/status/invoice/orderReference/{uuid}; the poll lists them
 *   with POST /v7/gate/reports/transactionReport (at most seven days a report).
 *
 * Errors: 400 and 409 refuse the request for good (a 409 under a client order that already exists is
 * our own earlier send, read back and compared); 401, 403, 429, 5xx, timeouts and unreadable answers
 * are BankUnavailableError (the same key is safe to retry).
 */
export const CLEAR_JUNCTION_API_URL = 'https://client.clearjunction.com';
/** The bank that holds the virtual IBANs, as a person's bank asks for it (Clear Junction Limited's registered office). */
export const CLEAR_JUNCTION_BANK = {
  name: 'Clear Junction Limited',
  address: '4th Floor Imperial House, 15 Kingsway, London WC2B 6UN, United Kingdom',
  bic: 'CLJUGB21',
} as const;
/** A transaction report covers at most seven days. */
const REPORT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface ClearJunctionBankOptions {
  /** CLEAR_JUNCTION_API_KEY: the API user's UUID, sent as X-API-KEY. */
  apiKey: string;
  /** CLEAR_JUNCTION_API_PASSWORD: only ever hashed into signatures, never sent. */
  apiPassword: string;
  /** CLEAR_JUNCTION_WALLET_UUID: the wallet payouts are paid from and IBANs credit. */
  walletUuid: string;
  /** CLEAR_JUNCTION_API_URL: the host Clear Junction issued (https://client.clearjunction.com; https://sandbox.clearjunction.com to test). */
  baseUrl?: string | undefined;
  /** Where Clear Junction posts its notifications for the orders we create (PUBLIC_URL/webhooks/clearjunction), when known. */
  postbackUrl?: string | undefined;
  /** CLEAR_JUNCTION_APPROVE_PAYOUTS (true): approve each payout we create. */
  approvePayouts?: boolean;
  clock?: Clock;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

export function createClearJunctionBank(options: ClearJunctionBankOptions): BankProvider {
  const baseUrl = checkOptions(options);
  const clock = options.clock ?? systemClock;
  const credentials = { apiKey: options.apiKey, apiPassword: options.apiPassword };
  const call: ClearJunctionCall = createClearJunctionCall({
    baseUrl,
    credentials,
    clock,
    fetchImpl: options.fetchImpl ?? fetch,
    timeoutMs: options.timeoutMs ?? 30_000,
  });
  const postback = options.postbackUrl ? { postbackUrl: options.postbackUrl } : {};

  /** A GET that answers the order, or undefined for 404 (no such order). */
  async function read(operation: string, path: string): Promise<unknown> {
    const answer = await call(operation, 'GET', path);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw unavailable(operation, answer);
    return answer.json;
  }

  const allocation = (accountId: string) => read('IBAN allocation status', `/v7/gate/allocate/v2/status/iban/clientOrder/${accountId}`);
  const payoutByKey = (key: string) => read('payout status', `/v7/gate/status/payout/clientOrder/${encodeURIComponent(key)}`);

  /** Approves a payout still awaiting it; its per-order result is not read (an order approved already is "declined" there). */
  async function approveIfCreated(order: unknown, paymentId: string): Promise<void> {
    if (options.approvePayouts === false || (order as { status?: unknown } | undefined)?.status !== 'created') return;
    const answer = await call(
      'payout approval',
      'POST',
      '/v7/gate/transactionAction/approve',
      JSON.stringify({ orderReferenceArray: [paymentId] }),
    );
    if (answer.status !== 200 && answer.status !== 201) throw unavailable('payout approval', answer);
  }

  function namedAccountOf(json: unknown, holder: { holderReference: string; holderName: string; currency: BankCurrency }): NamedAccount {
    const body = (json ?? {}) as { status?: unknown; iban?: unknown };
    if (body.status === 'declined')
      throw new BankRefusedError('REJECTED', `Clear Junction declined the IBAN allocation: ${firstMessage(body) ?? 'no reason given'}`);
    const iban = typeof body.iban === 'string' ? body.iban.toUpperCase() : '';
    if (body.status !== 'allocated' || !isValidIban(iban))
      throw new BankUnavailableError(
        'Clear Junction is still allocating this IBAN: ask again later (the same holder finds the same allocation)',
      );
    const uk = iban.startsWith('GB') ? { sortCode: iban.slice(8, 14), accountNumber: iban.slice(14, 22) } : undefined;
    if (holder.currency === 'GBP' && !uk)
      throw new BankRefusedError('UNSUPPORTED_CURRENCY', 'Clear Junction allocated an IBAN with no UK sort code');
    return {
      accountId: clearJunctionAccountId(holder.holderReference, holder.currency),
      holderReference: holder.holderReference,
      holderName: holder.holderName,
      currency: holder.currency,
      scheme: schemeOf(holder.currency),
      iban: holder.currency === 'EUR' ? iban : null,
      bic: holder.currency === 'EUR' && iban.slice(4, 8) === 'CLJU' ? CLEAR_JUNCTION_BANK.bic : null,
      sortCode: holder.currency === 'GBP' ? (uk?.sortCode ?? null) : null,
      accountNumber: holder.currency === 'GBP' ? (uk?.accountNumber ?? null) : null,
      bankName: CLEAR_JUNCTION_BANK.name,
      bankAddress: CLEAR_JUNCTION_BANK.address,
    };
  }

  const provider: BankProvider = {
    kind: 'clearjunction',

    async openNamedAccount(input) {
      const holder = checkNamedAccountInput(input);
      const accountId = clearJunctionAccountId(holder.holderReference, holder.currency);
      const existing = await allocation(accountId);
      if (existing !== undefined) return namedAccountOf(existing, holder);
      const words = holder.holderName.split(/\s+/);
      const answer = await call(
        'IBAN allocation',
        'POST',
        '/v7/gate/allocate/v3/create/iban',
        JSON.stringify({
          clientOrder: accountId,
          ...postback,
          walletUuid: options.walletUuid,
          ibanCountry: 'GB',
          // The account id is the registrant too, so a pay-in names the account back in payee.clientCustomerId.
          registrant: {
            clientCustomerId: accountId,
            individual: { firstName: words.length > 1 ? words.slice(0, -1).join(' ') : words[0], lastName: words.at(-1) },
          },
        }),
      );
      if (answer.status === 400 || answer.status === 409) {
        // A racing call may have allocated it first; otherwise Clear Junction refused the registrant.
        const raced = await allocation(accountId);
        if (raced !== undefined) return namedAccountOf(raced, holder);
        throw new BankRefusedError('REJECTED', `Clear Junction refused the IBAN allocation: ${describeClearJunctionError(answer.json)}`);
      }
      if (answer.status !== 200 && answer.status !== 201) throw unavailable('IBAN allocation', answer);
      return namedAccountOf((await allocation(accountId)) ?? answer.json, holder);
    },

    async listCredits(since, limit) {
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new Error('a list limit is a whole number from 1 to 1000');
      const now = clock.now();
      if (since > now) return [];
      const to = new Date(Math.min(since.getTime() + REPORT_WINDOW_MS, now.getTime()));
      const body = { walletUuid: options.walletUuid, timestampFrom: clearJunctionDate(since), timestampTo: clearJunctionDate(to) };
      const answer = await call('transaction report', 'POST', '/v7/gate/reports/transactionReport', JSON.stringify(body));
      const report = (answer.json as { report?: unknown } | undefined)?.report;
      if (answer.status !== 200 || !Array.isArray(report)) throw unavailable('transaction report', answer);
      const payins = report.filter((entry) => entry?.transactionType === 'Payin' && UUID.test(String(entry?.orderReference)));
      const credits = [];
      for (const entry of payins) {
        const credit = creditOfPayin(await read('pay-in status', `/v7/gate/status/invoice/orderReference/${String(entry.orderReference)}`));
        // Not final yet: it is listed once captured (its report entry moves on with it).
        if (credit && credit !== 'pending' && credit.receivedAt >= since) credits.push(credit);
      }
      credits.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
      return credits.slice(0, limit);
    },

    async getCredit(creditId) {
      if (typeof creditId !== 'string' || !UUID.test(creditId))
        throw new BankRefusedError('UNKNOWN_CREDIT', 'not a Clear Junction order reference');
      const json = await read('pay-in status', `/v7/gate/status/invoice/orderReference/${creditId.toLowerCase()}`);
      if (json === undefined) throw new BankRefusedError('UNKNOWN_CREDIT', 'Clear Junction has no pay-in with this order reference');
      const credit = creditOfPayin(json);
      if (credit === 'pending') throw new BankUnavailableError('this pay-in is not final at Clear Junction yet: ask again later');
      if (!credit) throw new BankUnavailableError('Clear Junction answered the pay-in status with something that is not a pay-in');
      return credit;
    },

    async sendPayment(input) {
      const payment = checkPaymentInput(input);
      const path = payment.currency === 'EUR' ? '/v7/gate/payout/bankTransfer/eu' : '/v7/gate/payout/bankTransfer/fps';
      const answer = await call('payout', 'POST', path, payoutBody(payment, options.walletUuid, options.postbackUrl));
      let order: unknown = answer.json;
      if (answer.status === 400 || answer.status === 409) {
        // Most often our own earlier send under this client order (a retry): read it back, and it must be the same payment.
        const earlier = await payoutByKey(payment.idempotencyKey);
        if (earlier === undefined)
          throw new BankRefusedError('REJECTED', `Clear Junction refused the payout: ${describeClearJunctionError(answer.json)}`);
        if (!isSamePayout(earlier, payment))
          throw new BankRefusedError('IDEMPOTENCY_CONFLICT', 'this idempotency key was already used for a different payment');
        order = earlier;
      } else if (answer.status !== 200 && answer.status !== 201) {
        throw unavailable('payout', answer);
      }
      const sent = paymentOfPayout(order, { currency: payment.currency, amount: payment.amount.toFixed(2) });
      if (!sent)
        throw new BankUnavailableError(
          'Clear Junction answered the payout with something that is not an order: ask again with the same key',
        );
      await approveIfCreated(order, sent.paymentId);
      return sent;
    },

    async getPayment(paymentId) {
      if (typeof paymentId !== 'string' || !UUID.test(paymentId))
        throw new BankRefusedError('UNKNOWN_PAYMENT', 'not a Clear Junction order reference');
      const order = await read('payout status', `/v7/gate/status/payout/orderReference/${paymentId.toLowerCase()}`);
      if (order === undefined) throw new BankRefusedError('UNKNOWN_PAYMENT', 'Clear Junction has no payout with this order reference');
      const payment = paymentOfPayout(order);
      if (!payment) throw new BankUnavailableError('Clear Junction answered the payout status with something that is not a payout');
      // A payout whose approval was lost with a timeout is approved the next time we look at it.
      await approveIfCreated(order, payment.paymentId);
      return payment;
    },

    async findPayment(idempotencyKey) {
      if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0 || idempotencyKey.length > 64) return null;
      const order = await payoutByKey(idempotencyKey);
      if (order === undefined) return null;
      const payment = paymentOfPayout(order);
      if (!payment) throw new BankUnavailableError('Clear Junction answered the payout status with something that is not a payout');
      await approveIfCreated(order, payment.paymentId);
      return payment;
    },

    readWebhook(headers, rawBody) {
      verifyClearJunctionNotification(headers, rawBody, credentials);
      return readClearJunctionNotification(rawBody);
    },
  };
  return provider;
}

/** Checks the options at construction and names the variable at fault; answers the base URL without its trailing slash. */
function checkOptions(options: ClearJunctionBankOptions): string {
  if (!options.apiKey) throw new Error('CLEAR_JUNCTION_API_KEY is required for the Clear Junction bank provider');
  if (!options.apiPassword) throw new Error('CLEAR_JUNCTION_API_PASSWORD is required for the Clear Junction bank provider');
  if (!UUID.test(options.walletUuid ?? '')) throw new Error('CLEAR_JUNCTION_WALLET_UUID must be the wallet UUID Clear Junction issued');
  let url: URL;
  try {
    url = new URL(options.baseUrl ?? CLEAR_JUNCTION_API_URL);
  } catch {
    throw new Error('CLEAR_JUNCTION_API_URL must be an https URL such as https://client.clearjunction.com');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error('CLEAR_JUNCTION_API_URL must be an https URL such as https://client.clearjunction.com');
  return url.href.replace(/\/+$/, '');
}
