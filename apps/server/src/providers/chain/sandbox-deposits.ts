import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import { type ChainProvider, ChainRefusedError, type IncomingTransfer } from './chain.ts';
import { BITGO_COINS } from './bitgo-transfers.ts';
import { checkAccount, checkAddress, checkAmount, checkAsset, checkReference, ExactDecimal } from './payout-input.ts';
import { newDestinationTag, newSandboxAddress, SANDBOX_SENDERS, SANDBOX_XRP_DEPOSIT_ADDRESS } from './sandbox-addresses.ts';
import { sandboxConfirmations } from './sandbox-blocks.ts';
import type { SandboxChainBook, SandboxIncomingRow } from './sandbox-chain.repository.ts';
import { sandboxTxHash } from './tx-hashes.ts';
import { readTransferNotification, signWebhookBody, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.ts';

/** What the sandbox chain's page and call "send" (docs/sandbox.md "Chain"). */
export interface SimulateIncomingInput {
  asset: string;
  network: string;
  address: string;
  memo: string | null;
  /** Whole units as a decimal string, at most the asset's on-chain decimals. */
  amount: string;
  /** The sender; null or absent sends from the network's clean sandbox sender (SANDBOX_SENDERS). */
  fromAddress?: string | null;
}

/**
 * The sandbox's webhook secret. Public on purpose: a sandbox notice only says "read again", and
 * listIncoming, not the notice, is what a deposit is judged on. It exists so the sandbox refuses a
 * bad signature exactly as BitGo's adapter does.
 */
export const SANDBOX_CHAIN_WEBHOOK_SECRET = 'causeway-sandbox-chain-webhook';

/** Draws of an XRP tag before giving up: with 2^32 tags a second draw is already a rarity. */
const TAG_ATTEMPTS = 5;

type DepositMethods = Pick<ChainProvider, 'createDepositAddress' | 'listIncoming' | 'readWebhook'>;

export interface SandboxDeposits extends DepositMethods {
  /**
   * Sandbox only: a transfer arrives at `address` now, with its own hash, and confirms on the clock
   * like a payout. Any valid address is accepted, one the sandbox never made included (a chain
   * takes anything well formed), so "wrong address" and "wrong tag" can be tried. Throws
   * ChainRefusedError for an invalid address, memo, sender, asset or amount.
   */
  simulateIncoming(input: SimulateIncomingInput): Promise<IncomingTransfer>;
  /** Sandbox only: the latest arrivals on any address, newest first (at most `limit`). */
  recentIncoming(limit: number): Promise<IncomingTransfer[]>;
}

/**
 * The sandbox chain's deposits: addresses made at random (one per reference and network; XRP one
 * shared address and a random tag per reference) and kept in the database, so a reference keeps
 * its address across processes and restarts; arrivals recorded by simulateIncoming. An arrival is
 * PENDING for SANDBOX_CHAIN_CONFIRM_MS, CONFIRMED from its first confirmation, then gains one per
 * block time (sandbox-blocks.ts). It never fails: FAILED is for real chains.
 */
export function createSandboxDeposits(deps: {
  book: SandboxChainBook;
  clock: Clock;
  confirmMs: number;
  /** SANDBOX_CHAIN_BLOCK_MS: one block time for every network, when set. */
  blockMs?: number | undefined;
}): SandboxDeposits {
  const { book, clock, confirmMs } = deps;

  const incomingOf = (row: SandboxIncomingRow): IncomingTransfer => {
    const confirmations = sandboxConfirmations(row.network, row.confirmAt, clock.now(), deps.blockMs);
    return {
      transferId: row.id,
      asset: row.asset,
      network: row.network,
      address: row.address,
      memo: row.memo,
      // numeric(38, 18) answers trailing zeros: the amount as it was sent.
      amount: new ExactDecimal(row.amount).toFixed(),
      fromAddress: row.fromAddress,
      txHash: row.txHash,
      confirmations,
      status: confirmations > 0 ? 'CONFIRMED' : 'PENDING',
      seenAt: row.seenAt,
    };
  };

  async function makeAddress(network: string, reference: string): Promise<{ address: string; memo: string | null }> {
    for (let attempt = 0; attempt < TAG_ATTEMPTS; attempt += 1) {
      const made =
        network === 'XRP'
          ? { address: SANDBOX_XRP_DEPOSIT_ADDRESS, memo: newDestinationTag() }
          : { address: newSandboxAddress(network), memo: null };
      const kept = await book.insertDepositAddress({ network, reference, ...made, createdAt: clock.now() });
      // Not kept: a racing call made this reference's address first (answer it), or the tag was taken (draw again).
      const stored = kept ? made : await book.findDepositAddress(network, reference);
      if (stored) return { address: stored.address, memo: stored.memo };
    }
    throw new Error('sandbox chain: no free destination tag after several draws');
  }

  return {
    async createDepositAddress(input) {
      const reference = checkReference(input.reference);
      const asset = checkAsset(input.asset, input.network);
      const stored = (await book.findDepositAddress(asset.network, reference)) ?? (await makeAddress(asset.network, reference));
      return { address: stored.address, memo: stored.memo, asset: asset.asset, network: asset.network };
    },

    async listIncoming(input) {
      const asset = checkAsset(input.asset, input.network);
      const { address, memo } = checkAddress(asset.network, input.address, input.memo);
      const rows = await book.listIncoming({ network: asset.network, asset: asset.asset, address, memo });
      return rows.map(incomingOf);
    },

    async readWebhook({ headers, rawBody }) {
      verifyWebhookSignature(headers, rawBody, SANDBOX_CHAIN_WEBHOOK_SECRET);
      const notice = readTransferNotification(rawBody);
      const pair = notice && Object.entries(BITGO_COINS).find(([, coin]) => coin === notice.coin)?.[0];
      if (!notice || !pair) return null;
      const [asset, network] = pair.split('/') as [string, string];
      return { asset, network, address: notice.receiver };
    },

    async simulateIncoming(input) {
      const asset = checkAsset(input.asset, input.network);
      const { address, memo } = checkAddress(asset.network, input.address, input.memo);
      const sender = input.fromAddress?.trim() ? checkSender(asset.network, input.fromAddress) : SANDBOX_SENDERS[asset.network];
      const amount = checkAmount(asset, input.amount);
      const id = newId('cin');
      const seenAt = clock.now();
      const row = {
        id,
        asset: asset.asset,
        network: asset.network,
        address,
        memo,
        amount: amount.toFixed(),
        fromAddress: sender ?? null,
        txHash: sandboxTxHash(asset.network, `incoming:${id}`),
        seenAt,
        confirmAt: new Date(seenAt.getTime() + confirmMs),
      };
      await book.recordIncoming(row);
      return incomingOf({ ...row, seq: 0 });
    },

    async recentIncoming(limit) {
      return (await book.recentIncoming(limit)).map(incomingOf);
    },
  };
}

/** The sender's address, canonical; its refusal says it is the sender's. */
function checkSender(network: string, address: string): string {
  try {
    return checkAccount(network, address);
  } catch (error) {
    if (!(error instanceof ChainRefusedError)) throw error;
    throw new ChainRefusedError(error.reason, `the sender address is not valid for the ${network} network (${error.detail})`, error.detail);
  }
}

/**
 * A signed notice for an arrival, in BitGo's transfer-notification shape and signature, as the
 * sandbox would deliver it: what a test (or a future sandbox delivery) hands readWebhook.
 */
export function sandboxChainNotice(transfer: Pick<IncomingTransfer, 'transferId' | 'asset' | 'network' | 'address' | 'txHash'>): {
  headers: Record<string, string>;
  rawBody: Buffer;
} {
  const coin = BITGO_COINS[`${transfer.asset}/${transfer.network}`];
  if (!coin) throw new ChainRefusedError('UNSUPPORTED_ASSET', `${transfer.asset} is not carried on the ${transfer.network} network`);
  const rawBody = Buffer.from(
    JSON.stringify({
      type: 'transfer',
      transferType: 'receive',
      coin,
      wallet: 'sandbox',
      transfer: transfer.transferId,
      hash: transfer.txHash,
      receiver: transfer.address,
    }),
  );
  return {
    headers: { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(rawBody, SANDBOX_CHAIN_WEBHOOK_SECRET), 'content-type': 'application/json' },
    rawBody,
  };
}
