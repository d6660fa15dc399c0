import { useEffect, useRef, useState } from 'react';
import { COOKIE_NAMES, getSharedCookie } from '@/lib/cookies';
import { useApiMutation } from '@/lib/use-api-mutation';
import type { HelpApi } from '../api/help-api';
import { setHelpSending } from '../help-widget-store';
import {
  type AttachmentRefusal,
  buildRequestParams,
  EMPTY_VALUES,
  type RequestField,
  type RequestFormKind,
  type RequestFormValues,
  requestFormErrors,
  sortPickedFiles,
} from './use-request-form-rules';

/** docs/rules/order-states.md and docs/rules/limits.md: a result banner stays about 2.4 s ... */
export const BANNER_VISIBLE_MS = 2400;
/** ... then fades out for 0.5 s before it is gone. */
export const BANNER_CLOSING_MS = 500;

/** One file waiting to be sent with the request. */
export interface Attachment {
  /** Unique within the form (the same name may come from two folders). */
  id: string;
  file: File;
}

/** The result banner: open, then closing (fading), then absent. */
export interface BannerState {
  outcome: 'success' | 'failure';
  phase: 'open' | 'closing';
  /** A failure's error, so the banner can say when a limit lets the person send again. */
  cause?: unknown;
}

/**
 * State and rules of a support or feedback form (docs/rules/order-states.md: idle, submitting, then a success or
 * failure banner; docs/rules/validation.md validation). A field's error shows once the person has typed in it or left
 * it, or after a submit attempt; the email starts from the shared email cookie when there is one,
 * the topic from `topic` (a page's Contact support says what it is about).
 * Signed in (`accountEmail`), the email is the account's and cannot be changed: the server files
 * the ticket under it whatever the form sends.
 * On submit every attachment is uploaded in order, then the request names their tokens; success
 * clears the form, failure keeps it for another try.
 */
export function useRequestForm(api: HelpApi, kind: RequestFormKind, accountEmail?: string, topic?: string) {
  const [typed, setValues] = useState<RequestFormValues>(() => ({
    ...EMPTY_VALUES,
    email: getSharedCookie(COOKIE_NAMES.email) ?? '',
    topic: kind === 'support' ? (topic ?? '') : '',
  }));
  // Signed in (known perhaps only after the form opened), the account's address is the email.
  const values: RequestFormValues = accountEmail ? { ...typed, email: accountEmail } : typed;
  const [touched, setTouched] = useState<ReadonlySet<RequestField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [refusals, setRefusals] = useState<AttachmentRefusal[]>([]);
  const [banner, setBanner] = useState<BannerState | null>(null);
  // Guards a second submit fired before the first one's re-render (a double Enter).
  const inFlight = useRef(false);
  const nextId = useRef(0);
  const sending = useApiMutation({
    mutationFn: async (request: { values: RequestFormValues; attachments: Attachment[] }) => {
      const tokens: string[] = [];
      // One at a time, in the order shown, so the ticket lists them as the person chose them.
      for (const { file } of request.attachments) tokens.push((await api.upload(file)).token);
      await api.createRequest(buildRequestParams(kind, request.values, tokens));
    },
    onSuccess: () => {
      setValues(EMPTY_VALUES);
      setAttachments([]);
      setRefusals([]);
      setTouched(new Set());
      setAttempted(false);
      setBanner({ outcome: 'success', phase: 'open' });
    },
    // docs/rules/errors.md: the banner is the whole report; the person still has every field to try again.
    onError: (failure) => setBanner({ outcome: 'failure', phase: 'open', cause: failure }),
    onSettled: () => {
      inFlight.current = false;
      setHelpSending(false);
    },
  });
  const isSubmitting = sending.isPending;

  // Each phase schedules the next; a new banner (or unmount) cancels the pending step.
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(
      () => setBanner(banner.phase === 'open' ? { ...banner, phase: 'closing' } : null),
      banner.phase === 'open' ? BANNER_VISIBLE_MS : BANNER_CLOSING_MS,
    );
    return () => clearTimeout(timer);
  }, [banner]);

  const errors = requestFormErrors(kind, values);
  const isComplete = values.email.trim() !== '' && values.message.trim() !== '';
  const canSubmit = isComplete && Object.keys(errors).length === 0 && !isSubmitting;

  const touch = (field: RequestField) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));

  const setValue = (field: RequestField, value: string) => {
    if (isSubmitting || (field === 'email' && accountEmail)) return;
    setValues((current) => ({ ...current, [field]: value }));
    touch(field);
  };

  /** The error to show under a field, once it is due. */
  const visibleError = (field: RequestField) => (attempted || touched.has(field) ? errors[field] : undefined);

  const addFiles = (picked: readonly File[]) => {
    if (isSubmitting || picked.length === 0) return;
    const { accepted, refused } = sortPickedFiles(
      attachments.map((item) => item.file),
      picked,
    );
    setRefusals(refused);
    if (accepted.length > 0)
      setAttachments((current) => [...current, ...accepted.map((file) => ({ id: `attachment-${nextId.current++}`, file }))]);
  };

  const removeAttachment = (id: string) => {
    if (isSubmitting) return;
    setRefusals([]);
    setAttachments((current) => current.filter((item) => item.id !== id));
  };

  const submit = async () => {
    setAttempted(true);
    if (!canSubmit || inFlight.current) return;
    inFlight.current = true;
    setHelpSending(true);
    setBanner(null);
    // The outcome is the banner's (onSuccess, onError): nothing is left to catch here.
    await sending.mutateAsync({ values, attachments }).catch(() => undefined);
  };

  return {
    values,
    setValue,
    /** Marks a field left, so its error shows from now on. */
    touch,
    /** Marks a submit attempt (also a click on the inert submit button): every error shows. */
    markAttempted: () => setAttempted(true),
    visibleError,
    attachments,
    refusals,
    addFiles,
    removeAttachment,
    canSubmit,
    isSubmitting,
    banner,
    submit,
  };
}
