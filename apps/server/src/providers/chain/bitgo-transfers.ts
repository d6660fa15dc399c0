import type { TransferStatus } from './chain.ts';

/**
 * How BitGo names and reports things (bitgo.ts says which page each call follows).
 *
 * Coins: BitGo's ticker per asset and network. A token is sent from the wallet of its chain under
 * the token's own ticker: ERC-20 tokens by their symbol (`usdt`, `usdc`), other chains' tokens as
 * `chain:token` (`trx:usdt`, `sol:usdc`), as BitGo's coin registry (@bitgo/statics) lists them.
 */
export const BITGO_COINS: Record<string, string> = {
  'BTC/BTC': 'btc',
  'ETH/ETH': 'eth',
  'USDT/ETH': 'usdt',
  'USDC/ETH': 'usdc',
  'TRX/TRX': 'trx',
  'USDT/TRX': 'trx:usdt',
  'SOL/SOL': 'sol',
  'USDC/SOL': 'sol:usdc',
  'XRP/XRP': 'xrp',
};

/** The network (and so the wallet) a BitGo coin is sent from. */
export const networkOfCoin = (coin: string): string | undefined =>
  Object.entries(BITGO_COINS)
    .find(([, name]) => name === coin)?.[0]
    .split('/')[1];

/** BitGo's ids (wallets, transfers): 32 lower-case hex digits, the documented pattern ^[0-9a-f]{32}$. */
export const BITGO_ID = /^[0-9a-f]{32}$/;

/**
 * A transfer's `state` (https://developers.bitgo.com/api/v2.wallet.gettransfer):
 * - confirmed: on chain. failed: BitGo could not get it confirmed (retry means a new send).
 *   rejected: an admin refused it (policy approval).
 * - initialized, pendingApproval, signed, unconfirmed: on their way.
 * - removed: a re-org took it out of the chain; it usually comes back, so it is not final.
 * - replaced: an acceleration (RBF/CPFP) superseded it. We never accelerate, so this is not
 *   expected; it stays PENDING rather than be guessed at, and the order's deadline bounds it.
 * Anything unknown stays PENDING: only the documented final states end a payout.
 */
const FINAL_STATES: Record<string, TransferStatus> = { confirmed: 'CONFIRMED', failed: 'FAILED', rejected: 'FAILED' };

export interface BitgoTransferView {
  id: string;
  txHash: string | null;
  status: TransferStatus;
  confirmations: number;
  /** `feeString`: the transfer's network fee in base units of the wallet's chain coin, when BitGo reports one. */
  feeBaseUnits: string | null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the documented transfer object; undefined when it is not one (no id of BitGo's shape). */
export function readBitgoTransfer(value: unknown): BitgoTransferView | undefined {
  if (!isRecord(value) || typeof value.id !== 'string' || !BITGO_ID.test(value.id)) return undefined;
  const status = typeof value.state === 'string' ? (FINAL_STATES[value.state] ?? 'PENDING') : 'PENDING';
  const reported =
    typeof value.confirmations === 'number' && Number.isSafeInteger(value.confirmations) && value.confirmations > 0
      ? value.confirmations
      : 0;
  return {
    id: value.id,
    // The txid exists from signing on; an empty or missing one is "not yet".
    txHash: typeof value.txid === 'string' && value.txid !== '' ? value.txid : null,
    status,
    // A confirmed transfer has at least its own block, whatever the count says.
    confirmations: status === 'CONFIRMED' ? Math.max(1, reported) : status === 'PENDING' ? 0 : reported,
    // Only a whole number of base units is a fee: the documentation's example holds the word "string".
    feeBaseUnits:
      typeof value.feeString === 'string' && /^\d{1,40}$/.test(value.feeString) && !/^0+$/.test(value.feeString) ? value.feeString : null,
  };
}

/**
 * The readable part of an error answer: BitGo's API answers {error, name, requestId}
 * (https://developers.bitgo.com/api/overview "Error Handling"); BitGo Express answers
 * {message, name, bitgoJsVersion, bitgoExpressVersion} (its typed routes' BitgoExpressError).
 */
export function describeBitgoError(body: unknown): string {
  if (!isRecord(body)) return 'no error body';
  const text = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : undefined;
  const parts = [
    typeof body.name === 'string' ? body.name : undefined,
    text?.slice(0, 300),
    typeof body.requestId === 'string' ? `requestId ${body.requestId}` : undefined,
  ];
  return parts.filter(Boolean).join(': ') || 'no error message';
}
