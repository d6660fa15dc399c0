import { type ChainProvider, ChainRefusedError, ChainUnavailableError, type Transfer } from './chain.ts';
import { createBitgoDeposits } from './bitgo-deposits.ts';
import { BITGO_COINS, BITGO_ID, type BitgoTransferView, describeBitgoError, networkOfCoin, readBitgoTransfer } from './bitgo-transfers.ts';
import { checkPayout, fromBaseUnits, nativeCoinOf, toBaseUnits } from './payout-input.ts';
import { publicExplorerUrl } from './tx-hashes.ts';

/**
 * Payouts through BitGo hot wallets, via BitGo Express (which holds the wallet passphrase's work:
 * it decrypts the user key, signs locally, has BitGo co-sign and broadcast, and passes every other
 * call through to BitGo's API). Which documentation each part follows:
 *
 * - Authentication: https://developers.bitgo.com/api/overview — `Authorization: Bearer <access
 *   token>` on every call; 4xx answers carry {error, name, requestId}.
 * - send: https://developers.bitgo.com/api/express.wallet.sendcoins — POST
 *   /api/v2/{coin}/wallet/{walletId}/sendcoins with {address, amount (base units, a string),
 *   walletPassphrase, sequenceId}. 200 answers {transfer, txid, tx, status}; 202 means a policy
 *   holds it for approval. The XRP destination tag travels in the address as `r…?dt=TAG`, the form
 *   BitGo's XRP module parses (sdk-coin-xrp utils.getAddressDetails / normalizeAddress).
 * - Idempotency: the idempotency key is the `sequenceId`. BitGo "only confirms one send request per
 *   sequenceId (and fails all subsequent attempts)"; so when a send is refused, the key's earlier
 *   transfer is looked up with https://developers.bitgo.com/api/v2.wallet.gettransferbysequenceid
 *   (GET /api/v2/{coin}/wallet/{walletId}/transfer/sequenceId/{sequenceId}) and answered instead.
 * - getTransfer: https://developers.bitgo.com/api/v2.wallet.gettransfer — GET
 *   /api/v2/{coin}/wallet/{walletId}/transfer/{transferId}; states in bitgo-transfers.ts.
 *
 * - Deposit addresses, incoming transfers and webhooks: bitgo-deposits.ts.
 *
 * Our transfer id is `{coin}:{BitGo transfer id}` (at most 41 characters); the wallet comes from
 * BITGO_WALLET_IDS by the coin's network, so changing a network's wallet id orphans the transfers
 * made from the old one (finish them before switching).
 */
export interface BitgoChainOptions {
  /** BITGO_ACCESS_TOKEN: a long-lived access token with spend rights on the wallets. */
  accessToken: string;
  /** BITGO_EXPRESS_URL: where BitGo Express listens, e.g. http://127.0.0.1:3080. */
  baseUrl: string;
  /** BITGO_WALLET_PASSPHRASE: decrypts the wallets' user keys inside Express. */
  walletPassphrase: string;
  /** BITGO_WALLET_IDS: the hot wallet per network (BTC, ETH, TRX, SOL, XRP); tokens go from their chain's wallet, and deposits arrive there too. */
  walletIds: Partial<Record<string, string>>;
  /** BITGO_WEBHOOK_SECRET: the enterprise's webhook secret; without it every webhook is refused (deposits are still polled). */
  webhookSecret?: string | undefined;
  fetchImpl?: typeof fetch;
  /** A send builds, signs and is co-signed in one call: give it time (60 s). */
  timeoutMs?: number;
}

/** 400, 409 and 422 are BitGo refusing this request; anything else (401, 403, 404, 429, 5xx) is not the payout's fault. */
const REFUSAL_STATUSES = new Set([400, 409, 422]);

export function createBitgoChain(options: BitgoChainOptions): ChainProvider {
  const config = checkOptions(options);
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const redact = (text: string) =>
    [options.accessToken, options.walletPassphrase, options.webhookSecret ?? '']
      .filter(Boolean)
      .reduce((out, secret) => out.split(secret).join('[redacted]'), text);

  async function call(
    operation: string,
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(`${config.baseUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${options.accessToken}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ChainUnavailableError(`BitGo ${operation} did not answer within ${timeoutMs} ms`);
      throw new ChainUnavailableError(
        redact(`BitGo ${operation} could not be reached: ${(error as Error | undefined)?.message ?? 'unknown error'}`),
      );
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }

  const failure = (operation: string, status: number, json: unknown) =>
    redact(`BitGo ${operation} failed: HTTP ${status} — ${describeBitgoError(json)}`);

  const walletFor = (network: string): string => {
    const walletId = config.walletIds[network];
    if (!walletId)
      throw new ChainRefusedError('UNSUPPORTED_ASSET', `no BitGo wallet is set up for the ${network} network (BITGO_WALLET_IDS)`);
    return walletId;
  };

  async function findBySequenceId(coin: string, walletId: string, sequenceId: string): Promise<BitgoTransferView | undefined> {
    const { status, json } = await call(
      'transfer lookup',
      'GET',
      `/api/v2/${coin}/wallet/${walletId}/transfer/sequenceId/${encodeURIComponent(sequenceId)}`,
    );
    if (status === 404) return undefined;
    const transfer = status === 200 ? readBitgoTransfer(json) : undefined;
    if (!transfer)
      throw new ChainUnavailableError(
        status === 200 ? 'BitGo transfer lookup answered something that is not a transfer' : failure('transfer lookup', status, json),
      );
    return transfer;
  }

  // Keyed by the coin we asked under (a token's transfer may report its chain's coin). The fee is
  // paid in the wallet's chain coin (gas in ETH for an ERC-20 token), so it reads in that coin's decimals.
  const transferOf = (coin: string, view: BitgoTransferView): Transfer => {
    const feeCoin = nativeCoinOf(networkOfCoin(coin) ?? '');
    const fee =
      view.feeBaseUnits && feeCoin ? { fee: { asset: feeCoin.asset, amount: fromBaseUnits(view.feeBaseUnits, feeCoin.decimals) } } : {};
    return { transferId: `${coin}:${view.id}`, txHash: view.txHash, status: view.status, confirmations: view.confirmations, ...fee };
  };

  return {
    kind: 'bitgo',

    async send(input) {
      const payout = checkPayout(input);
      const coin = BITGO_COINS[`${payout.asset.asset}/${payout.asset.network}`];
      if (!coin) throw new ChainRefusedError('UNSUPPORTED_ASSET', `BitGo has no coin for ${payout.asset.asset} on ${payout.asset.network}`);
      const walletId = walletFor(payout.asset.network);
      const { status, json } = await call('sendcoins', 'POST', `/api/v2/${coin}/wallet/${walletId}/sendcoins`, {
        address: payout.memo === null ? payout.address : `${payout.address}?dt=${payout.memo}`,
        amount: toBaseUnits(payout),
        walletPassphrase: options.walletPassphrase,
        sequenceId: payout.idempotencyKey,
      });

      if (status === 200 || status === 202) {
        const transfer =
          readBitgoTransfer((json as { transfer?: unknown } | undefined)?.transfer) ??
          (await findBySequenceId(coin, walletId, payout.idempotencyKey));
        if (transfer) return transferOf(coin, transfer);
        // Held for approval before any transfer exists: the same key asks again later and finds it.
        throw new ChainUnavailableError(
          'BitGo accepted the send but has no transfer for it yet (a wallet policy may await approval): ask again later with the same key',
        );
      }
      if (REFUSAL_STATUSES.has(status)) {
        // Most often the key's own earlier send (a retry): BitGo refuses a second send per sequenceId.
        const earlier = await findBySequenceId(coin, walletId, payout.idempotencyKey);
        if (earlier) return transferOf(coin, earlier);
        throw new ChainRefusedError('REJECTED', failure('sendcoins', status, json));
      }
      throw new ChainUnavailableError(failure('sendcoins', status, json));
    },

    async getTransfer(transferId) {
      const split = transferId.lastIndexOf(':');
      const coin = transferId.slice(0, Math.max(0, split));
      const bitgoId = transferId.slice(split + 1);
      const network = networkOfCoin(coin);
      if (split < 0 || !network || !BITGO_ID.test(bitgoId))
        throw new ChainRefusedError('UNKNOWN_TRANSFER', 'not a BitGo transfer id of ours');
      const { status, json } = await call('get transfer', 'GET', `/api/v2/${coin}/wallet/${walletFor(network)}/transfer/${bitgoId}`);
      if (status === 404) throw new ChainRefusedError('UNKNOWN_TRANSFER', failure('get transfer', status, json));
      const transfer = status === 200 ? readBitgoTransfer(json) : undefined;
      if (!transfer)
        throw new ChainUnavailableError(
          status === 200 ? 'BitGo get transfer answered something that is not a transfer' : failure('get transfer', status, json),
        );
      return transferOf(coin, transfer);
    },

    explorerUrl: publicExplorerUrl,

    ...createBitgoDeposits({ call, failure, walletFor, walletIds: config.walletIds, webhookSecret: options.webhookSecret }),
  };
}

/** Checks the options at construction and names the variable at fault. */
function checkOptions(options: BitgoChainOptions): { baseUrl: string; walletIds: Record<string, string> } {
  if (!options.accessToken) throw new Error('BITGO_ACCESS_TOKEN is required for the BitGo chain provider');
  if (!options.walletPassphrase) throw new Error('BITGO_WALLET_PASSPHRASE is required for the BitGo chain provider');
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new Error('BITGO_EXPRESS_URL must be an http(s) URL such as http://127.0.0.1:3080');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('BITGO_EXPRESS_URL must be an http(s) URL such as http://127.0.0.1:3080');
  const walletIds: Record<string, string> = {};
  for (const [network, walletId] of Object.entries(options.walletIds)) {
    if (walletId === undefined) continue;
    if (!Object.keys(BITGO_COINS).some((key) => key.endsWith(`/${network}`)))
      throw new Error(`BITGO_WALLET_IDS names an unknown network ${JSON.stringify(network)}`);
    if (!BITGO_ID.test(walletId)) throw new Error(`BITGO_WALLET_IDS: the ${network} wallet id must be 32 lower-case hex digits`);
    walletIds[network] = walletId;
  }
  if (Object.keys(walletIds).length === 0)
    throw new Error('BITGO_WALLET_IDS must name at least one wallet, e.g. BTC=59cd72485007a239fb00282ed480da1f');
  return { baseUrl: url.href.replace(/\/+$/, ''), walletIds };
}

/**
 * BITGO_WALLET_IDS as written in the environment: `NETWORK=walletId` pairs separated by commas,
 * e.g. `BTC=59cd…da1f,ETH=5a7d…3574`. Throws naming the variable on anything else.
 */
export function parseBitgoWalletIds(text: string): Record<string, string> {
  const walletIds: Record<string, string> = {};
  for (const part of text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const match = /^([A-Z0-9]{2,16})=([0-9a-f]{32})$/.exec(part);
    if (!match)
      throw new Error(`BITGO_WALLET_IDS: ${JSON.stringify(part.slice(0, 60))} is not NETWORK=walletId (32 lower-case hex digits)`);
    walletIds[match[1]!] = match[2]!;
  }
  return walletIds;
}
