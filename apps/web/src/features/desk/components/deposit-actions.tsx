import { CALL_ROUTES, type DeskDepositReturn } from '@causeway/contracts';
import { validateWalletAddress } from '@causeway/wallet-address';
import { useState } from 'react';
import { Modal } from '@/ui';
import { type DeskOrdersWaiting, useDeskCall } from '../api/desk-api';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';
import { ActionForm, type DialogProps, Labelled, MIN_REASON, MonoInput, ReasonField, useWaitingAction } from './waiting-actions';

type WaitingOrder = DeskOrdersWaiting['orders'][number];
export type DepositOwed = DeskOrdersWaiting['depositsOwed'][number];

/** The one network whose addresses may need a destination tag (contracts' deskDepositReturnSchema `memo`). */
const TAGGED_NETWORK = 'XRP';

/** Why a sell's deposit is owed back, in words: the server's outcome (OVER, SHORT, EXTRA, LATE), or the code itself when new. */
export const depositOutcomeText = (t: ReturnType<typeof useTranslation>['t'], outcome: string): string =>
  t(`desk.orders.owedOutcomes.${outcome}`, { defaultValue: outcome });

/**
 * Crypto a sell's deposit address received and we owe back (docs/rules/sell-deposits.md): the operator sends it to
 * the person's own wallet, as they confirmed it to support. The server checks the address for the network, has the
 * custody service send it, and audits it; the list shows the return until the chain confirms it.
 */
export function DepositReturnDialog({ item: owed, onClose, onDone }: DialogProps<DepositOwed>) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const amount = `${owed.owed} ${owed.asset}`;
  const tagged = owed.network === TAGGED_NETWORK;
  const [address, setAddress] = useState('');
  const [memo, setMemo] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ address?: string; memo?: string; reason?: string }>({});
  const action = useWaitingAction(
    (body: DeskDepositReturn) => call(CALL_ROUTES.deskDepositReturn, body),
    (answer) => onDone(t('desk.waitingActions.deposit.done', { amount: `${answer.amount} ${answer.asset}`, address: address.trim() })),
  );
  const submit = () => {
    const checked = validateWalletAddress({ network: owed.network, address: address.trim(), memo: tagged ? memo.trim() : null });
    // Said at the field it belongs to: a tag the network refuses at the tag, anything else at the address.
    const wrongAt = address.trim() === '' || checked.ok ? null : checked.field === 'memo' ? 'memo' : 'address';
    const found = {
      ...(address.trim() === '' ? { address: t('desk.waitingActions.deposit.addressMissing') } : {}),
      ...(wrongAt ? { [wrongAt]: t('desk.waitingActions.deposit.addressInvalid', { network: owed.network }) } : {}),
      ...(reason.trim().length < MIN_REASON ? { reason: t('desk.waitingActions.reasonMissing') } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const tag = tagged ? memo.trim() : '';
    action.mutate({
      transferId: owed.transferId,
      address: address.trim(),
      ...(tag ? { memo: tag } : {}),
      reason: reason.trim(),
    });
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('desk.waitingActions.deposit.title', { amount, network: owed.network })}
      description={t('desk.waitingActions.deposit.intro', { orderId: owed.orderId, why: depositOutcomeText(t, owed.outcome) })}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={onClose}
        busy={action.isPending}
        refusal={action.isError ? deskErrorText(action.error, t) : undefined}
        confirmLabel={t('desk.waitingActions.deposit.confirm', { amount })}
      >
        <Labelled
          label={t('desk.waitingActions.deposit.address')}
          hint={t('desk.waitingActions.deposit.addressHint', { network: owed.network })}
          problem={problems.address}
        >
          {(field) => <MonoInput field={field} required maxLength={128} value={address} onChange={setAddress} />}
        </Labelled>
        {tagged ? (
          <Labelled label={t('desk.waitingActions.deposit.memo')} hint={t('desk.waitingActions.deposit.memoHint')} problem={problems.memo}>
            {(field) => <MonoInput field={field} inputMode="numeric" maxLength={64} value={memo} onChange={setMemo} />}
          </Labelled>
        ) : null}
        <ReasonField value={reason} onChange={setReason} problem={problems.reason} />
      </ActionForm>
    </Modal>
  );
}

/**
 * A flagged order whose payment needed a look (docs/rules/operator-desk.md "Acting on what waits"): once dealt with,
 * the operator closes the flag and says what was done. The server refuses while crypto or proceeds are owed on it.
 */
export function CloseFlagDialog({ item: order, onClose, onDone }: DialogProps<WaitingOrder>) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const action = useWaitingAction(
    (body: { orderId: string; reason: string }) => call(CALL_ROUTES.deskCloseFlag, body),
    (answer) => onDone(t('desk.waitingActions.flag.done', { orderId: answer.orderId })),
  );
  const submit = () => {
    const found = reason.trim().length < MIN_REASON ? t('desk.waitingActions.reasonMissing') : undefined;
    setProblem(found);
    if (found) return;
    action.mutate({ orderId: order.orderId, reason: reason.trim() });
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('desk.waitingActions.flag.title', { orderId: order.orderId })}
      description={t('desk.waitingActions.flag.intro', { reason: order.reason })}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={onClose}
        busy={action.isPending}
        refusal={action.isError ? deskErrorText(action.error, t) : undefined}
        confirmLabel={t('desk.waitingActions.flag.confirm')}
      >
        <ReasonField value={reason} onChange={setReason} problem={problem} hint={t('desk.waitingActions.flag.reasonHint')} />
      </ActionForm>
    </Modal>
  );
}
