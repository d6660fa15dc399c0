import { HELP_MESSAGE_MAX_LENGTH, HELP_MESSAGE_MIN_LENGTH, HELP_TOPIC_MAX_LENGTH, type HelpFieldError } from '@causeway/contracts';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../texts';
import { FieldError, GradientButton } from '@/ui';
import { limitText } from '@/lib/http-errors';
import { cx } from '@/ui/class-names';
import type { HelpApi } from '../api/help-api';
import { AttachmentField } from './attachment-field';
import { SubmitBanner } from './submit-banner';
import { useRequestForm } from './use-request-form';
import type { RequestField, RequestFormKind } from './use-request-form-rules';

/** Props of the support and feedback forms (docs/rules/order-states.md and docs/rules/validation.md). */
export interface RequestFormProps {
  /** The help desk calls: upload for each attachment, then createRequest. */
  api: HelpApi;
  /** The signed-in person's address: shown read-only, the ticket's requester. Undefined: signed out, the address is typed. */
  accountEmail?: string | undefined;
}

export interface SupportFormProps extends RequestFormProps {
  /** The topic the form opens with (a page's Contact support says what it is about); the person may change it. */
  topic?: string | undefined;
}

/** The support page: email, optional topic (the ticket's subject), message and attachments. */
export function SupportForm({ api, accountEmail, topic }: SupportFormProps) {
  return <RequestForm api={api} kind="support" accountEmail={accountEmail} topic={topic} />;
}

/** The feedback page: email, message and attachments; the subject is always 'Feedback/Suggest From {email}'. */
export function FeedbackForm({ api, accountEmail }: RequestFormProps) {
  return <RequestForm api={api} kind="feedback" accountEmail={accountEmail} />;
}

/** docs/rules/errors.md names the feedback texts (feedbacksubmitsuccess, feedbacksubmitfail); support's follow suit. */
const BANNER_KEYS: Record<RequestFormKind, { success: string; failure: string }> = {
  support: { success: 'helpForm.banner.ticketsubmitsuccess', failure: 'helpForm.banner.ticketsubmitfail' },
  feedback: { success: 'helpForm.banner.feedbacksubmitsuccess', failure: 'helpForm.banner.feedbacksubmitfail' },
};

const BOX =
  'w-full rounded-xl border bg-surface px-3 py-3 text-base text-fg placeholder:text-muted focus-visible:outline-none! focus-visible:ring-2 focus-visible:ring-focus read-only:bg-surface-2';

/**
 * One form for both pages: they differ only in the topic field, the ticket source and their
 * words. Fits a 360 px wide panel; every control works by keyboard.
 */
function RequestForm({ api, kind, accountEmail, topic }: SupportFormProps & { kind: RequestFormKind }) {
  const { t } = useTranslation();
  const form = useRequestForm(api, kind, accountEmail, topic);
  const baseId = useId();
  const fieldIds = (field: RequestField) => ({
    input: `${baseId}-${field}`,
    error: `${baseId}-${field}-error`,
    hint: `${baseId}-${field}-hint`,
  });
  const errorText = (key: HelpFieldError | undefined) =>
    key
      ? t(`helpForm.errors.${key}`, {
          min: HELP_MESSAGE_MIN_LENGTH,
          max: key === 'topictoolong' ? HELP_TOPIC_MAX_LENGTH : HELP_MESSAGE_MAX_LENGTH,
        })
      : undefined;

  /** Value, change, blur and ARIA wiring of one field. */
  const bind = (field: RequestField, hasHint = false) => {
    const ids = fieldIds(field);
    const error = form.visibleError(field);
    return {
      id: ids.input,
      name: field,
      value: form.values[field],
      readOnly: form.isSubmitting,
      onBlur: () => form.touch(field),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': cx(hasHint && ids.hint, error && ids.error) || undefined,
      className: cx(BOX, error ? 'border-danger' : 'border-line'),
    };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };

  const messageProps = bind('message', true);
  const messageLength = form.values.message.trim().length;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(`helpForm.${kind}.title`)} className="flex min-w-0 flex-col gap-4">
      <p className="text-sm text-muted">{t(`helpForm.${kind}.intro`)}</p>

      <Field
        label={t('helpForm.email.label')}
        htmlFor={fieldIds('email').input}
        errorId={fieldIds('email').error}
        error={errorText(form.visibleError('email'))}
      >
        <input
          {...bind('email', Boolean(accountEmail))}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck="false"
          required
          placeholder={t('helpForm.email.placeholder')}
          onChange={(event) => form.setValue('email', event.target.value)}
          // Signed in, the ticket is the account's: its address shows, and cannot be typed over.
          readOnly={form.isSubmitting || Boolean(accountEmail)}
        />
        {accountEmail ? (
          <span id={fieldIds('email').hint} className="mt-1 text-xs text-muted">
            {t('helpForm.email.accountHint')}
          </span>
        ) : null}
      </Field>

      {kind === 'support' ? (
        <Field
          label={t('helpForm.topic.label')}
          optional={t('helpForm.optional')}
          htmlFor={fieldIds('topic').input}
          errorId={fieldIds('topic').error}
          error={errorText(form.visibleError('topic'))}
        >
          <input
            {...bind('topic')}
            type="text"
            autoComplete="off"
            placeholder={t('helpForm.topic.placeholder')}
            onChange={(event) => form.setValue('topic', event.target.value)}
          />
        </Field>
      ) : null}

      <Field
        label={t('helpForm.message.label')}
        htmlFor={fieldIds('message').input}
        errorId={fieldIds('message').error}
        error={errorText(form.visibleError('message'))}
      >
        <textarea
          {...messageProps}
          rows={5}
          required
          placeholder={t(`helpForm.${kind}.messagePlaceholder`)}
          onChange={(event) => form.setValue('message', event.target.value)}
          className={cx(messageProps.className, 'min-h-32 resize-y')}
        />
        <span className="mt-1 flex justify-between gap-2 text-xs text-muted">
          <span id={fieldIds('message').hint}>{t('helpForm.message.hint', { min: HELP_MESSAGE_MIN_LENGTH })}</span>
          {/* Progress towards the minimum, shown until it is reached. */}
          {messageLength < HELP_MESSAGE_MIN_LENGTH ? (
            <span className="tabular-nums">{t('helpForm.message.length', { length: messageLength, min: HELP_MESSAGE_MIN_LENGTH })}</span>
          ) : null}
        </span>
      </Field>

      <AttachmentField
        attachments={form.attachments}
        refusals={form.refusals}
        onAdd={form.addFiles}
        onRemove={form.removeAttachment}
        isBusy={form.isSubmitting}
      />

      {/* Tickets and uploads are limited per person (REQ0000429): then the banner says when to send again. */}
      <SubmitBanner
        banner={form.banner}
        successText={t(BANNER_KEYS[kind].success)}
        failureText={limitText(form.banner?.cause, t) ?? t(BANNER_KEYS[kind].failure)}
      />

      {/* A click on the inert button (or Enter in a field) still counts as an attempt: every error shows, saying why. */}
      <div onClick={form.markAttempted}>
        <GradientButton type="submit" fullWidth disabled={!form.canSubmit && !form.isSubmitting} loading={form.isSubmitting}>
          {t(`helpForm.${kind}.submit`)}
        </GradientButton>
      </div>
    </form>
  );
}

interface FieldProps {
  label: string;
  /** Shown after the label for optional fields. */
  optional?: string;
  htmlFor: string;
  errorId: string;
  error: string | undefined;
  children: ReactNode;
}

/** A label, the control, and its error line (kept mounted so it is announced when it appears). */
function Field({ label, optional, htmlFor, errorId, error, children }: FieldProps) {
  return (
    <div className="flex min-w-0 flex-col">
      <label htmlFor={htmlFor} className="mb-1.5 text-sm font-medium text-fg">
        {label}
        {optional ? (
          <>
            {' '}
            <span className="font-normal text-muted">{optional}</span>
          </>
        ) : null}
      </label>
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
