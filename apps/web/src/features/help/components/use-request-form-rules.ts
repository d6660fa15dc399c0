import {
  attachmentError,
  HELP_MAX_ATTACHMENTS,
  HELP_SOURCE_FIELD,
  helpEmailError,
  helpMessageError,
  helpTopicError,
  requesterNameOf,
  ticketSubject,
  type HelpCreateRequestParams,
  type HelpFieldError,
  type HelpTicketSource,
} from '@causeway/contracts';

/**
 * The pure rules of the support and feedback forms (docs/rules/entities.md ticket, docs/rules/validation.md validation): which form
 * sends what, which field is wrong, which picked files may be attached. The hook and the tests
 * share them; none of them touches React.
 */

/** Support opens a ticket with an optional topic; feedback has no topic. */
export type RequestFormKind = 'support' | 'feedback';

/** The ticket source custom field of each form (docs/rules/entities.md). */
const SOURCE_OF: Record<RequestFormKind, HelpTicketSource> = {
  support: 'tickets_from_widget',
  feedback: 'feedbacks_from_widget',
};

export interface RequestFormValues {
  email: string;
  /** Support only; ignored by feedback. */
  topic: string;
  message: string;
}
export type RequestField = keyof RequestFormValues;

export const EMPTY_VALUES: RequestFormValues = { email: '', topic: '', message: '' };

/** Each field's docs/rules/validation.md error key (absent when valid). Feedback never checks a topic. */
export function requestFormErrors(kind: RequestFormKind, values: RequestFormValues): Partial<Record<RequestField, HelpFieldError>> {
  const errors: Partial<Record<RequestField, HelpFieldError>> = {};
  const email = helpEmailError(values.email);
  const message = helpMessageError(values.message);
  const topic = kind === 'support' ? helpTopicError(values.topic) : null;
  if (email) errors.email = email;
  if (message) errors.message = message;
  if (topic) errors.topic = topic;
  return errors;
}

/** The requests.json body of a form (docs/rules/entities.md ticket): subject, trimmed message, upload tokens, requester, source. */
export function buildRequestParams(kind: RequestFormKind, values: RequestFormValues, uploads: string[]): HelpCreateRequestParams {
  const source = SOURCE_OF[kind];
  return {
    request: {
      subject: kind === 'support' ? ticketSubject(source, values.email, values.topic) : ticketSubject(source, values.email),
      comment: { body: values.message.trim(), uploads },
      requester: { name: requesterNameOf(values.email), email: values.email.trim() },
      custom_fields: [{ id: HELP_SOURCE_FIELD, value: source }],
    },
  };
}

/** Why a picked file was not attached: docs/rules/validation.md's filetype and filesize, or ours, an empty file or too many files. */
export type AttachmentRefusalReason = 'filetype' | 'filesize' | 'fileempty' | 'toomany';
export interface AttachmentRefusal {
  name: string;
  reason: AttachmentRefusalReason;
}

/** The same file picked twice (same name, size and date) is attached once. */
const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * Splits freshly picked files into those that may join `current` and those refused, in pick
 * order. A file already attached is skipped quietly; past HELP_MAX_ATTACHMENTS the rest are refused.
 */
export function sortPickedFiles(current: readonly File[], picked: readonly File[]): { accepted: File[]; refused: AttachmentRefusal[] } {
  const accepted: File[] = [];
  const refused: AttachmentRefusal[] = [];
  for (const file of picked) {
    if ([...current, ...accepted].some((kept) => sameFile(kept, file))) continue;
    const problem = attachmentError(file);
    if (problem) refused.push({ name: file.name, reason: problem });
    else if (current.length + accepted.length >= HELP_MAX_ATTACHMENTS) refused.push({ name: file.name, reason: 'toomany' });
    else accepted.push(file);
  }
  return { accepted, refused };
}
