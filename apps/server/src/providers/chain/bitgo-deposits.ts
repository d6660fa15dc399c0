import { type ChainProvider, ChainRefusedError, ChainUnavailableError, type IncomingTransfer } from './chain.ts';
import { BITGO_COINS, readBitgoTransfer } from './bitgo-transfers.ts';
import { type ChainAsset, checkAccount, checkAddress, checkAsset, checkReference, fromBaseUnits } from './payout-input.ts';
import { readTransferNotification, verifyWebhookSignature } from './webhook-signature.ts';

/**
 * Deposits through BitGo (bitgo.ts has the calls' plumbing). Which documentation each part follows:
 *
 * - createDepositAddress: https://developers.bitgo.com/api/v2.wallet.newaddress — POST
 *   /api/v2/{coin}/wallet/{walletId}/address with {label}; BitGo Express serves the same route
 *   (express.v2.wallet.createAddress). The label is our reference. BitGo takes no idempotency key
 *   here, so the reference's address is first looked up by label with
 *   https://developers.bitgo.com/api/v2.wallet.addresses (GET …/addresses?labelContains=, "a
 *   case-insensitive regular expression": ours is anchored and escaped, then matched exactly).
 *   Addresses belong to the network's wallet, under its own coin: every ERC-20 token arrives at
 *   the ETH address, every TRC-20 at the Tron one (SPL tokens need the token enabled on the SOL
 *   wallet, a one-time setup in BitGo). An XRP address is the wallet's account with `?dt=TAG`.
 * - listIncoming: https://developers.bitgo.com/api/v2.wallet.listtransfers — GET
 *   /api/v2/{coin}/wallet/{walletId}/transfer?type=receive&address=…, under the asset's own coin
 *   (usdt, trx:usdt, sol:usdc), newest first in pages of up to 500 (nextBatchPrevId). Each
 *   transfer's `entries` say what reached which address; states as in bitgo-transfers.ts.
 * - readWebhook: a wallet webhook of type "transfer" (https://developers.bitgo.com/docs/webhooks-wallet),
 *   signed as webhook-signature.ts says. BitGo itself advises fetching the transfer rather than
 *   trusting the notification, which is all we do with it.
 *
 * A reference asked for twice at once in one process makes one address (the calls are shared).
 * Two processes racing may each make one; both stay ours and listIncoming reads either.
 */
export type BitgoCall = (
  operation: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
) => Promise<{ status: number; json: unknown }>;

type DepositMethods = Pick<ChainProvider, 'createDepositAddress' | 'listIncoming' | 'readWebhook'>;

/** Pages of 500 transfers read for one address before stopping: a deposit address sees a handful. */
const MAX_PAGES = 10;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** BitGo's spelling of an address: XRP carries its tag as `?dt=`; ETH in lower case, as BitGo's answers spell it. */
export const bitgoAddressOf = (network: string, address: string, memo: string | null): string =>
  memo !== null ? `${address}?dt=${memo}` : network === 'ETH' ? address.toLowerCase() : address;

/** An address as BitGo spells it, canonical (checksums checked), or undefined when it is not valid for the network. */
function canonicalOf(network: string, text: string): { address: string; memo: string | null } | undefined {
  const [address = '', query = ''] = text.split('?', 2);
  const memo = network === 'XRP' ? (new URLSearchParams(query).get('dt') ?? null) : null;
  try {
    // A sender's XRP account carries no tag: checked as an account alone.
    return memo === null ? { address: checkAccount(network, address), memo: null } : checkAddress(network, address, memo);
  } catch {
    return undefined;
  }
}

/** The base units an entry moved (negative for what left), or undefined when it is not a whole number. */
const baseUnitsOf = (entry: Record<string, unknown>): bigint | undefined =>
  typeof entry.valueString === 'string' && /^-?\d{1,40}$/.test(entry.valueString) ? BigInt(entry.valueString) : undefined;

/** When BitGo first recorded the transfer: its earliest history entry, else its `date` (last updated). */
function seenAtOf(transfer: Record<string, unknown>): Date {
  const dates = (Array.isArray(transfer.history) ? transfer.history : [])
    .map((entry) => (isRecord(entry) && typeof entry.date === 'string' ? Date.parse(entry.date) : NaN))
    .concat(typeof transfer.date === 'string' ? Date.parse(transfer.date) : NaN)
    .filter((time) => Number.isFinite(time));
  // `date` is required by the reference; the epoch only keeps a malformed one first in line, never dropped.
  return new Date(dates.length ? Math.min(...dates) : 0);
}

/**
 * A receive transfer as an arrival at `target`: the entries paying that address (and tag) in the
 * asset's base units; the sender when exactly one address paid in. Undefined when the transfer is
 * not one, or pays something else.
 */
export function readBitgoIncoming(
  value: unknown,
  target: { coin: string; asset: ChainAsset; address: string; memo: string | null },
): IncomingTransfer | undefined {
  const view = readBitgoTransfer(value);
  if (!view?.txHash || !isRecord(value) || value.type !== 'receive') return undefined;
  const entries = (Array.isArray(value.entries) ? value.entries : []).filter(isRecord);
  const network = target.asset.network;
  let received = 0n;
  let paysTarget = false;
  const senders = new Set<string>();
  for (const entry of entries) {
    const units = baseUnitsOf(entry);
    const spelled = typeof entry.address === 'string' ? canonicalOf(network, entry.address) : undefined;
    if (units === undefined || !spelled) continue;
    if (spelled.address === target.address && spelled.memo === target.memo) {
      paysTarget = true;
      if (units > 0n) received += units;
    } else if (units < 0n) senders.add(spelled.address);
  }
  if (!paysTarget) return undefined;
  // A failed transfer's value reads zero (the reference's intendedValueString note): report what was meant.
  if (received === 0n && typeof value.intendedValueString === 'string' && /^-?\d{1,40}$/.test(value.intendedValueString))
    received = BigInt(value.intendedValueString.replace('-', ''));
  if (received === 0n) return undefined;
  return {
    transferId: `${target.coin}:${view.id}`,
    asset: target.asset.asset,
    network,
    address: target.address,
    memo: target.memo,
    amount: fromBaseUnits(received.toString(), target.asset.decimals),
    fromAddress: senders.size === 1 ? ([...senders][0] ?? null) : null,
    txHash: view.txHash,
    confirmations: view.confirmations,
    status: view.status,
    seenAt: seenAtOf(value),
  };
}

export function createBitgoDeposits(deps: {
  call: BitgoCall;
  failure: (operation: string, status: number, json: unknown) => string;
  walletFor: (network: string) => string;
  walletIds: Readonly<Record<string, string>>;
  /** BITGO_WEBHOOK_SECRET; without it every delivery is refused (the poller still reads). */
  webhookSecret: string | undefined;
}): DepositMethods {
  const { call, failure, walletFor } = deps;
  const inFlight = new Map<string, Promise<{ address: string; memo: string | null }>>();

  /** The address BitGo answered, canonical; a refusal when it is not valid here (a testnet wallet, say). */
  const depositOf = (network: string, text: string) => {
    const spelled = canonicalOf(network, text);
    if (!spelled) throw new ChainRefusedError('REJECTED', `BitGo answered an address that is not valid for the ${network} network`);
    return spelled;
  };

  async function findOrMake(network: string, reference: string): Promise<{ address: string; memo: string | null }> {
    const coin = BITGO_COINS[`${network}/${network}`] ?? '';
    const base = `/api/v2/${coin}/wallet/${walletFor(network)}`;
    const query = new URLSearchParams({ labelContains: `^${escapeRegExp(reference)}$`, limit: '25', sort: '1' });
    const listed = await call('address lookup', 'GET', `${base}/addresses?${query}`);
    if (listed.status !== 200 || !isRecord(listed.json) || !Array.isArray(listed.json.addresses))
      throw new ChainUnavailableError(failure('address lookup', listed.status, listed.json));
    // The oldest one with this exact label (the regular expression ignores case).
    const found = listed.json.addresses.find((entry) => isRecord(entry) && entry.label === reference && typeof entry.address === 'string');
    if (isRecord(found)) return depositOf(network, String(found.address));

    const made = await call('create address', 'POST', `${base}/address`, { label: reference });
    if (made.status === 200 && isRecord(made.json) && typeof made.json.address === 'string') return depositOf(network, made.json.address);
    if (made.status === 200)
      // An address still being initialised on chain (legacy ETH forwarders): the label finds it next time.
      throw new ChainUnavailableError('BitGo is still initialising this address: ask again later with the same reference');
    if (made.status === 400 || made.status === 422)
      throw new ChainRefusedError('REJECTED', failure('create address', made.status, made.json));
    throw new ChainUnavailableError(failure('create address', made.status, made.json));
  }

  return {
    async createDepositAddress(input) {
      const reference = checkReference(input.reference);
      const asset = checkAsset(input.asset, input.network);
      const key = `${asset.network}:${reference}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = findOrMake(asset.network, reference).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      const { address, memo } = await pending;
      return { address, memo, asset: asset.asset, network: asset.network };
    },

    async listIncoming(input) {
      const asset = checkAsset(input.asset, input.network);
      const { address, memo } = checkAddress(asset.network, input.address, input.memo);
      const coin = BITGO_COINS[`${asset.asset}/${asset.network}`];
      if (!coin) throw new ChainRefusedError('UNSUPPORTED_ASSET', `BitGo has no coin for ${asset.asset} on ${asset.network}`);
      const walletId = walletFor(asset.network);
      const found: IncomingTransfer[] = [];
      let prevId: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query = new URLSearchParams({ type: 'receive', address: bitgoAddressOf(asset.network, address, memo), limit: '500' });
        if (prevId) query.set('prevId', prevId);
        const { status, json } = await call('list transfers', 'GET', `/api/v2/${coin}/wallet/${walletId}/transfer?${query}`);
        if (status !== 200 || !isRecord(json) || !Array.isArray(json.transfers))
          throw new ChainUnavailableError(failure('list transfers', status, json));
        for (const transfer of json.transfers) {
          const incoming = readBitgoIncoming(transfer, { coin, asset, address, memo });
          if (incoming) found.push(incoming);
        }
        prevId = typeof json.nextBatchPrevId === 'string' && /^[0-9a-f]{32}$/.test(json.nextBatchPrevId) ? json.nextBatchPrevId : undefined;
        if (!prevId) break;
      }
      // BitGo answers newest first (by height, unconfirmed on top): the contract is oldest first.
      return found.sort((a, b) => a.seenAt.getTime() - b.seenAt.getTime() || a.transferId.localeCompare(b.transferId));
    },

    async readWebhook({ headers, rawBody }) {
      verifyWebhookSignature(headers, rawBody, deps.webhookSecret);
      const notice = readTransferNotification(rawBody);
      const pair = notice && Object.entries(BITGO_COINS).find(([, coin]) => coin === notice.coin)?.[0];
      if (!notice || !pair) return null;
      const [asset, network] = pair.split('/') as [string, string];
      // Signed by our enterprise, yet about a wallet that is not a deposit wallet here: nothing to read.
      if (notice.wallet !== deps.walletIds[network]) return null;
      return { asset, network, address: notice.receiver ? (canonicalOf(network, notice.receiver)?.address ?? null) : null };
    },
  };
}
