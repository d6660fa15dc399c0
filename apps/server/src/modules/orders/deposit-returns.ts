import { ErrorCode } from '@causeway/contracts';
import { validateWalletAddress } from '@causeway/wallet-address';
import Decimal from 'decimal.js';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueRepository } from '../../jobs/job-queue.repository.ts';
import type { JobWorker } from '../../jobs/job-worker.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { loggableError } from '../../platform/logging.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import { type AddressScreeningProvider, ScreeningUnavailableError } from '../../providers/address-screening/address-screening.ts';
import { type ChainProvider, type ChainRefusal, ChainRefusedError, type NetworkFee } from '../../providers/chain/chain.ts';
import { accounts, isOverdraftError, type JournalInput, type Ledger, movement } from '../ledger/index.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';
import type { SellDepositRow, SellDepositsRepository } from './sell-deposits.repository.ts';

export const JOB_DEPOSIT_RETURN = 'sell-deposit.return';

/** Refusals before anything was sent: the attempt fails and the operator asks again (settlement.ts does the same for payouts). */
const PRE_SEND_REFUSALS: readonly ChainRefusal[] = ['INVALID_ADDRESS', 'INVALID_AMOUNT', 'UNSUPPORTED_ASSET'];

/**
 * What is owed back of a transfer: all of it, or, of an OVER whose order sold the quoted amount, what came above it
 * (an OVER whose order ended unsold owes all of it: nothing was sold).
 */
export const owedOf = (row: Pick<SellDepositRow, 'outcome' | 'amount'>, order: Pick<OrderRow, 'cryptoAmount'>, sold: boolean): Decimal =>
  row.outcome === 'OVER' && sold ? new Decimal(row.amount).minus(order.cryptoAmount) : new Decimal(row.amount);

/** The sale journal's key (sell-journals.ts saleJournal): whether the order sold its quoted amount. */
const saleKey = (orderId: string) => `order:${orderId}:sale`;

/** Runs the change inside the desk's audit (the role checked again, the change and its audit row in one transaction). */
export type Audited = <T>(work: () => Promise<T>) => Promise<T>;

const keyOf = (row: Pick<SellDepositRow, 'orderId'>, what: string) => `order:${row.orderId}:${what}`;

/** The owed crypto leaves the inventory it was booked into: nothing is owed for the transfer any more. */
function returnJournal(row: SellDepositRow, owed: Decimal): JournalInput {
  return movement(
    { kind: 'sell-deposit-return', reference: row.orderId, idempotencyKey: keyOf(row, `deposit-return:${row.transferId}`) },
    accounts.depositsOwed(row.asset),
    accounts.inventory(row.asset),
    owed,
  );
}

/** The network fee the return paid, out of the inventory of the network's coin (else gas-unfunded: never dropped). */
function returnFeeJournal(row: SellDepositRow, fee: NetworkFee, from: 'inventory' | 'unfunded'): JournalInput {
  return movement(
    { kind: 'sell-deposit-return-fee', reference: row.orderId, idempotencyKey: keyOf(row, `deposit-return-fee:${row.transferId}`) },
    accounts.networkFeeExpense(fee.asset),
    from === 'inventory' ? accounts.inventory(fee.asset) : accounts.gasUnfunded(fee.asset),
    new Decimal(fee.amount),
  );
}

/**
 * Crypto a sell's deposit address received and we owe back (docs/rules/sell-deposits.md: more than ordered, too little,
 * a second or a late transfer), returned by an operator from the desk (docs/rules/operator-desk.md "Acting on what
 * waits"), and an order's flag closed once nothing is owed on it.
 *
 * A return is asked once per attempt (a compare-and-set on the transfer, in the audit's transaction, with the job
 * that sends it: the outbox), sent by the custody service with a key of its attempt (a retried send is the same
 * transfer, never a second), and booked only when the chain confirms it: deposits-owed down, the inventory down, and
 * the network fee paid. A refusal before sending, or a transfer the chain failed, ends the attempt with its reason
 * and nothing booked: the operator asks again (a new attempt, a new key). An outage is retried with the same key.
 */
export function createDepositReturns(deps: {
  deposits: SellDepositsRepository;
  orders: Pick<OrdersRepository, 'findOrder' | 'lockOrder' | 'flagForOperator' | 'closeOperatorFlag'>;
  ledger: Ledger;
  chain: Pick<ChainProvider, 'send' | 'getTransfer'>;
  screening: AddressScreeningProvider;
  queue: JobQueueRepository;
  worker: JobWorker;
  transaction: RunInTransaction;
  savepoint: RunInTransaction;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often a return in flight is looked at again (the chain's confirmation poll). */
  pollMs: number;
}) {
  const { deposits, orders, ledger, chain, clock, log } = deps;
  const later = () => ({ runAgainAt: new Date(clock.now().getTime() + deps.pollMs) });

  /** Whether money is still owed on the order: crypto to return or held, or a sale's proceeds its card payout declined. */
  async function moneyOwed(order: OrderRow): Promise<boolean> {
    return order.failReason === 'PAYOUT_DECLINED' || (await deposits.anyOwed(order.id));
  }

  /** An address the owed crypto may go to: the network's format and tag rule, and not one the screening flags (fail closed). */
  async function checkedAddress(network: string, address: string, memo: string | null) {
    const valid = validateWalletAddress({ network, address, memo });
    if (!valid.ok) throw new AppError(ErrorCode.ReturnAddressRefused, `Not an address of ${network} (${valid.reason}).`);
    try {
      const verdict = await deps.screening.screen({ network: valid.network, address: valid.address });
      if (verdict.flagged) throw new AppError(ErrorCode.WalletAddressRefused, 'The address screening flags this address.');
    } catch (error) {
      if (error instanceof ScreeningUnavailableError) throw new AppError(ErrorCode.ScreeningUnavailable);
      throw error;
    }
    return { address: valid.address, memo: valid.memo };
  }

  async function failAttempt(row: SellDepositRow, attempt: number, why: string): Promise<void> {
    const order = await orders.findOrder(row.orderId);
    await deps.transaction(async () => {
      if (!(await deposits.endReturnFailed(row.transferId, attempt, why))) return;
      if (order) await orders.flagForOperator(order, clock.now(), `return of ${row.transferId} not sent: ${why}`);
    });
    log.warn({ orderId: row.orderId, transferId: row.transferId, attempt, why }, 'crypto owed back: the return did not go');
  }

  /** The chain confirmed the return: booked once, and the order's flag closed when nothing is owed on it any more. */
  async function settle(row: SellDepositRow, order: OrderRow, attempt: number, txHash: string | null, fee: NetworkFee | undefined) {
    const owed = new Decimal(row.returnAmount!);
    const paidFee = fee && new Decimal(fee.amount).gt(0) ? fee : null;
    await deps.transaction(async () => {
      if (!(await deposits.markReturned(row.transferId, attempt, txHash, clock.now()))) return;
      const journals = [
        returnJournal(row, owed),
        ...(paidFee ? [returnFeeJournal(row, paidFee, 'inventory'), returnFeeJournal(row, paidFee, 'unfunded')] : []),
      ];
      await ledger.lockAccounts(journals.flatMap((journal) => journal.entries.map((entry) => entry.account)));
      await ledger.post(returnJournal(row, owed));
      if (paidFee) {
        try {
          await deps.savepoint(() => ledger.post(returnFeeJournal(row, paidFee, 'inventory')));
        } catch (error) {
          if (!isOverdraftError(error)) throw error;
          log.error(
            { orderId: row.orderId, coin: paidFee.asset, fee: paidFee.amount },
            'the inventory cannot cover a return network fee: booked to gas-unfunded',
          );
          await ledger.post(returnFeeJournal(row, paidFee, 'unfunded'));
        }
      }
      // Read again under its lock: a declined payout (or a transfer booked) meanwhile keeps the flag.
      const current = await orders.lockOrder(order.id);
      if (current && !(await moneyOwed(current)))
        await orders.closeOperatorFlag(
          current,
          clock.now(),
          `owed ${owed.toFixed()} ${row.asset} returned (${txHash ?? 'no transaction id'}): nothing owed`,
        );
    });
    log.info({ orderId: row.orderId, transferId: row.transferId, txHash }, 'crypto owed back: returned');
  }

  deps.worker.register(JOB_DEPOSIT_RETURN, async (payload) => {
    const { transferId, attempt } = payload as { transferId: string; attempt: number };
    const row = await deposits.find(transferId);
    // A later attempt replaced this one, or it ended already.
    if (!row || row.returnAttempts !== attempt || row.resolvedAt || !row.returnRequestedAt || !row.returnAddress || !row.returnAmount)
      return;
    const order = await orders.findOrder(row.orderId);
    if (!order) return;
    let sentId = row.returnTransferId;
    if (!sentId) {
      try {
        const sent = await chain.send({
          idempotencyKey: `sell-deposit:${row.transferId}:return:${attempt}`,
          asset: row.asset,
          network: row.network,
          address: row.returnAddress,
          memo: row.returnMemo,
          amount: new Decimal(row.returnAmount).toFixed(),
        });
        await deposits.noteReturnSent(row.transferId, attempt, { transferId: sent.transferId, txHash: sent.txHash });
        sentId = sent.transferId;
      } catch (error) {
        if (error instanceof ChainRefusedError && PRE_SEND_REFUSALS.includes(error.reason))
          return failAttempt(row, attempt, `the custody service refused it (${error.reason})`);
        // Anything else may have sent it: the same key again is the same transfer.
        log.error(
          { orderId: row.orderId, transferId, err: loggableError(error) },
          'crypto owed back: send outcome unknown, retrying with the same key',
        );
        // Said on the desk's row while it is retried (the attempt stays open: it may have been sent).
        const why = error instanceof ChainRefusedError ? error.reason : 'no answer';
        await deposits.noteReturnTrouble(row.transferId, attempt, `the custody service's answer is not known yet (${why}): still trying`);
        return later();
      }
    }
    let transfer;
    try {
      transfer = await chain.getTransfer(sentId);
    } catch (error) {
      log.warn({ orderId: row.orderId, transferId, err: loggableError(error) }, 'crypto owed back: the custody service did not answer');
      return later();
    }
    if (transfer.status === 'PENDING') return later();
    if (transfer.status === 'FAILED') return failAttempt(row, attempt, 'the chain failed the transfer');
    return settle(row, order, attempt, transfer.txHash, transfer.fee);
  });

  return {
    /** What is owed back and may be returned, with its order's amount (the owed part of an OVER). */
    async owedList() {
      const rows = await deposits.returnable();
      const orderOf = new Map<string, OrderRow | undefined>();
      const soldOf = new Map<string, boolean>();
      for (const row of rows) {
        if (orderOf.has(row.orderId)) continue;
        orderOf.set(row.orderId, await orders.findOrder(row.orderId));
        soldOf.set(row.orderId, await ledger.hasJournal(saleKey(row.orderId)));
      }
      return rows.flatMap((row) => {
        const order = orderOf.get(row.orderId);
        // A return asked for shows what it sends; otherwise what is owed now.
        const owed = row.returnAmount ?? (order ? owedOf(row, order, soldOf.get(row.orderId) ?? false).toFixed() : null);
        return owed ? [{ row, owed: new Decimal(owed).toFixed() }] : [];
      });
    },

    /** An operator's return of a transfer owed back: checked, then asked (the send runs as a job). */
    async requestReturn(input: { transferId: string; address: string; memo?: string | undefined }, audited: Audited) {
      const row = await deposits.find(input.transferId);
      if (!row) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such deposit.');
      const order = await orders.findOrder(row.orderId);
      if (!order) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such order.');
      const to = await checkedAddress(row.network, input.address, input.memo ?? null);
      const owed = owedOf(row, order, row.outcome === 'OVER' && (await ledger.hasJournal(saleKey(order.id))));
      const asked = await audited(async () => {
        const started = await deposits.requestReturn(row.transferId, { ...to, amount: owed.toFixed(), at: clock.now() });
        // Returned already, a return in flight, not one to return, or not booked yet.
        if (!started) throw new AppError(ErrorCode.WaitingItemSettled);
        await deps.queue.enqueue({
          kind: JOB_DEPOSIT_RETURN,
          payload: { transferId: started.transferId, attempt: started.returnAttempts },
          runAt: clock.now(),
        });
        return started;
      });
      return {
        transferId: asked.transferId,
        orderId: asked.orderId,
        asset: asked.asset,
        network: asked.network,
        amount: owed.toFixed(),
        ...to,
      };
    },

    /** An operator closes a flagged order they looked into, once nothing is owed on it. */
    async closeFlag(input: { orderId: string; reason: string }, audited: Audited) {
      const order = await orders.findOrder(input.orderId);
      if (!order) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such order.');
      await audited(async () => {
        // Read again under its lock, inside the transaction: a declined payout or a transfer booked meanwhile is seen.
        const current = await orders.lockOrder(order.id);
        if (!current) throw new AppError(ErrorCode.OperatorTargetNotFound, 'No such order.');
        if (await moneyOwed(current)) throw new AppError(ErrorCode.MoneyStillOwed);
        if (!(await orders.closeOperatorFlag(current, clock.now(), `closed by an operator: ${input.reason}`)))
          throw new AppError(ErrorCode.WaitingItemSettled);
      });
      return { orderId: order.id };
    },
  };
}

export type DepositReturns = ReturnType<typeof createDepositReturns>;
