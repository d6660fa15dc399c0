import {
  CALL_ROUTES,
  chainTxIdSchema,
  DESK_ACTION_REASON_MAX_LENGTH,
  type DeskPayoutOutcome,
  type DeskSuspenseCredit,
  ErrorCode,
} from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { apiErrorName } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton, Modal } from '@/ui';
import { DESK_KEYS, type DeskOrdersWaiting, useDeskCall } from '../api/desk-api';
import { deskErrorText } from '../desk-errors';
import { useTranslation } from '../texts';

type WaitingOrder = DeskOrdersWaiting['orders'][number];
type SuspenseCredit = DeskOrdersWaiting['suspenseCredits'][number];

/** A text field of the dialogs: 48 px tall at least, the app's colours, a visible focus ring. */
export const fieldClass =
  'min-h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 py-2 text-base text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none aria-[invalid=true]:border-danger';
const labelClass = 'mb-1.5 block text-sm font-medium text-fg';
export const MIN_REASON = 3;
/** A deposit reference as the server takes it (contracts' deskSuspenseCreditSchema): 10 to 40 characters once trimmed. */
const REFERENCE_LENGTH = /^.{10,40}$/s;

/** Why a bank credit waits in suspense, in words: the server's code (banking's SuspenseReason), or the code itself when new. */
export const suspenseReasonText = (t: ReturnType<typeof useTranslation>['t'], code: string): string =>
  t(`desk.orders.suspenseReasons.${code}`, { defaultValue: code });

/** A labelled field with its hint and its problem, both read with it (aria-describedby). */
export function Labelled({
  label,
  hint,
  problem,
  children,
}: {
  label: string;
  hint?: string;
  problem?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  const problemId = useId();
  const describedBy = [hint ? hintId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(problem) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {problem ? (
        <p id={problemId} className="mt-1 text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A code-like value typed exactly (a transaction id, a deposit reference, an account id, an address, a tag): in
 * monospace, never autocompleted, capitalised, corrected or spellchecked. `field` is what `Labelled` gives.
 */
export function MonoInput({
  field,
  value,
  onChange,
  required = false,
  inputMode,
  maxLength,
}: {
  field: { id: string; describedBy: string | undefined; invalid: boolean };
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}) {
  return (
    <input
      id={field.id}
      required={required}
      inputMode={inputMode}
      maxLength={maxLength}
      autoComplete="off"
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck="false"
      value={value}
      aria-invalid={field.invalid || undefined}
      aria-describedby={field.describedBy}
      onChange={(event) => onChange(event.target.value)}
      className={`${fieldClass} font-mono`}
    />
  );
}

/** The required reason: kept with the change and in the audit log (its hint can say what this action's reason should tell). */
export function ReasonField({
  value,
  onChange,
  problem,
  hint,
}: {
  value: string;
  onChange: (value: string) => void;
  problem?: string | undefined;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <Labelled label={t('desk.waitingActions.reason')} hint={hint ?? t('desk.waitingActions.reasonHint')} problem={problem}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={3}
          required
          value={value}
          maxLength={DESK_ACTION_REASON_MAX_LENGTH}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          className={fieldClass}
        />
      )}
    </Labelled>
  );
}

/** Radio choices in a fieldset: arrow keys move between them, the legend names the group. */
function Choice<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string; hint?: string }>;
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-fg">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-10 items-start gap-2 rounded-lg border border-line p-2 text-sm text-fg">
          <input
            type="radio"
            name={name}
            className="mt-0.5 size-5 shrink-0"
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">{option.label}</span>
            {option.hint ? <span className="text-xs text-muted">{option.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The dialog's frame: the form, its refusal (read out at once), Cancel and the confirm button that says
 * what will happen. A refusal because someone else settled it first refreshes the list behind.
 */
export function ActionForm({
  onSubmit,
  onCancel,
  confirmLabel,
  busy,
  refusal,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  confirmLabel: string;
  busy: boolean;
  refusal: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={submit}>
      {children}
      <p role="alert" className="text-sm text-danger empty:hidden">
        {refusal ?? ''}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <GradientButton type="button" variant="outline" fullWidth onClick={onCancel}>
          {t('desk.waitingActions.cancel')}
        </GradientButton>
        <GradientButton type="submit" fullWidth loading={busy}>
          {confirmLabel}
        </GradientButton>
      </div>
    </form>
  );
}

/** A desk action's mutation: on success the list is read again; a refusal that it was settled meanwhile reads it again too. */
export function useWaitingAction<I, R>(send: (input: I) => Promise<R>, onDone: (answer: R) => void) {
  const queries = useQueryClient();
  const refresh = () => void queries.invalidateQueries({ queryKey: DESK_KEYS.ordersWaiting });
  return useApiMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      refresh();
      onDone(answer);
    },
    onError: (error) => {
      if (apiErrorName(error) === ErrorCode.WaitingItemSettled) refresh();
    },
  });
}

export interface DialogProps<T> {
  item: T;
  onClose: () => void;
  /** What to announce once done (the screen's status line). */
  onDone: (said: string) => void;
}

/**
 * A payout waiting at PAYOUT_REVIEW (docs/rules/operator-desk.md "Acting on what waits"): the operator records
 * what they verified on the chain. Delivered (with the transaction checked) ends the order successful; not
 * delivered refunds it. The server checks the custody service and the role, and audits it.
 */
export function PayoutOutcomeDialog({ item: order, onClose, onDone }: DialogProps<WaitingOrder>) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const [outcome, setOutcome] = useState<DeskPayoutOutcome['outcome']>('delivered');
  const [txHash, setTxHash] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ txHash?: string; reason?: string }>({});
  const action = useWaitingAction(
    (body: DeskPayoutOutcome) => call(CALL_ROUTES.deskPayoutOutcome, body),
    (answer) =>
      onDone(
        t(answer.status === 'PROCESSING' ? 'desk.waitingActions.payout.doneNotDelivered' : 'desk.waitingActions.payout.doneDelivered', {
          orderId: order.orderId,
        }),
      ),
  );
  const submit = () => {
    const found = {
      ...(outcome === 'delivered' && !chainTxIdSchema.safeParse(txHash).success
        ? { txHash: t('desk.waitingActions.payout.txHashInvalid') }
        : {}),
      ...(reason.trim().length < MIN_REASON ? { reason: t('desk.waitingActions.reasonMissing') } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    action.mutate(
      outcome === 'delivered'
        ? { orderId: order.orderId, outcome, txHash: txHash.trim(), reason: reason.trim() }
        : { orderId: order.orderId, outcome, reason: reason.trim() },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('desk.waitingActions.payout.title', { orderId: order.orderId })}
      description={t('desk.waitingActions.payout.intro', {
        crypto: `${order.cryptoAmount} ${order.cryptoCurrency}`,
        network: order.network,
      })}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={onClose}
        busy={action.isPending}
        refusal={action.isError ? deskErrorText(action.error, t) : undefined}
        confirmLabel={t(
          outcome === 'delivered' ? 'desk.waitingActions.payout.confirmDelivered' : 'desk.waitingActions.payout.confirmNotDelivered',
        )}
      >
        <Choice
          legend={t('desk.waitingActions.payout.choice')}
          value={outcome}
          onChange={setOutcome}
          options={[
            { value: 'delivered', label: t('desk.waitingActions.payout.delivered'), hint: t('desk.waitingActions.payout.deliveredHint') },
            {
              value: 'not-delivered',
              label: t('desk.waitingActions.payout.notDelivered'),
              hint: t('desk.waitingActions.payout.notDeliveredHint'),
            },
          ]}
        />
        {outcome === 'delivered' ? (
          <Labelled label={t('desk.waitingActions.payout.txHash')} problem={problems.txHash}>
            {(field) => <MonoInput field={field} required value={txHash} onChange={setTxHash} />}
          </Labelled>
        ) : null}
        <ReasonField value={reason} onChange={setReason} problem={problems.reason} />
      </ActionForm>
    </Modal>
  );
}

/**
 * A bank credit held in suspense (docs/rules/operator-desk.md "Acting on what waits"): credit it to a person's
 * balance (found by account id or deposit reference), or mark it to return to the payer.
 */
export function SuspenseCreditDialog({ item: credit, onClose, onDone }: DialogProps<SuspenseCredit>) {
  const { t } = useTranslation();
  const call = useDeskCall();
  const amount = `${credit.amount} ${credit.currency}`;
  const [choice, setChoice] = useState<DeskSuspenseCredit['action']>('assign');
  const [by, setBy] = useState<'userId' | 'reference'>('reference');
  const [who, setWho] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ who?: string; reason?: string }>({});
  const action = useWaitingAction(
    (body: DeskSuspenseCredit) => call(CALL_ROUTES.deskSuspenseCredit, body),
    (answer) =>
      onDone(
        answer.resolution === 'ASSIGNED'
          ? t('desk.waitingActions.credit.doneAssign', { amount, userId: answer.userId ?? '' })
          : t('desk.waitingActions.credit.doneReturn', { amount }),
      ),
  );
  const submit = () => {
    const found = {
      ...(choice === 'assign' && who.trim() === ''
        ? { who: t('desk.waitingActions.credit.personMissing') }
        : choice === 'assign' && by === 'reference' && !REFERENCE_LENGTH.test(who.trim())
          ? { who: t('desk.waitingActions.credit.referenceMalformed') }
          : {}),
      ...(reason.trim().length < MIN_REASON ? { reason: t('desk.waitingActions.reasonMissing') } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    action.mutate(
      choice === 'assign'
        ? {
            creditId: credit.creditId,
            action: 'assign',
            person: by === 'userId' ? { userId: who.trim() } : { reference: who.trim() },
            reason: reason.trim(),
          }
        : { creditId: credit.creditId, action: 'return', reason: reason.trim() },
    );
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('desk.waitingActions.credit.title', { amount, payer: credit.payerName })}
      description={t('desk.waitingActions.credit.intro', {
        reason: suspenseReasonText(t, credit.reason),
        reference: credit.reference || '—',
      })}
    >
      <ActionForm
        onSubmit={submit}
        onCancel={onClose}
        busy={action.isPending}
        refusal={action.isError ? deskErrorText(action.error, t) : undefined}
        confirmLabel={t(choice === 'assign' ? 'desk.waitingActions.credit.confirmAssign' : 'desk.waitingActions.credit.confirmReturn')}
      >
        <Choice
          legend={t('desk.waitingActions.credit.choice')}
          value={choice}
          onChange={setChoice}
          options={[
            { value: 'assign', label: t('desk.waitingActions.credit.assign'), hint: t('desk.waitingActions.credit.assignHint') },
            { value: 'return', label: t('desk.waitingActions.credit.return'), hint: t('desk.waitingActions.credit.returnHint') },
          ]}
        />
        {choice === 'assign' ? (
          <>
            <Choice
              legend={t('desk.waitingActions.credit.personBy')}
              value={by}
              onChange={setBy}
              options={[
                { value: 'reference', label: t('desk.waitingActions.credit.byReference') },
                { value: 'userId', label: t('desk.waitingActions.credit.byUserId') },
              ]}
            />
            <Labelled
              label={t(by === 'userId' ? 'desk.waitingActions.credit.userId' : 'desk.waitingActions.credit.reference')}
              problem={problems.who}
            >
              {(field) => <MonoInput field={field} required value={who} onChange={setWho} />}
            </Labelled>
          </>
        ) : null}
        <ReasonField value={reason} onChange={setReason} problem={problems.reason} />
      </ActionForm>
    </Modal>
  );
}
