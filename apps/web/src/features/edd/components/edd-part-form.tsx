import {
  EDD_MAX_FILES,
  EDD_TEXT_MAX_LENGTH,
  EDD_TEXT_MIN_LENGTH,
  type EddOption,
  type EddOptions,
  type EddPart,
  ErrorCode,
} from '@causeway/contracts';
import { type FormEvent, useId, useState } from 'react';
import { errorText, isApiError } from '@/lib/http-errors';
import { FieldError, FileUpload, GradientButton, type UploadedFile } from '@/ui';
import { cx } from '@/ui/class-names';
import { useTranslation } from '../texts';
import { EvidenceHint } from './evidence-hint';

/** What a part's commit sends. */
export interface EddPartCommit {
  choice: string;
  text: string;
  files: string[];
}

export interface EddPartFormProps {
  part: EddPart;
  options: EddOption[];
  example: EddOptions['bankStatementExample'];
  upload: (file: File) => Promise<string>;
  /** Commits the answer; a rejection (the server's refusal) is shown in the form. */
  onSubmit: (answer: EddPartCommit) => Promise<unknown>;
}

type Problems = Partial<Record<'choice' | 'text' | 'files' | 'form', string>>;

const boxClass = (flagged: boolean) =>
  cx(
    'w-full min-w-0 rounded-xl border bg-surface px-3 py-3 text-base text-fg placeholder:text-muted',
    'focus:ring-2 focus:ring-focus focus-visible:outline-none!',
    flagged ? 'border-danger' : 'border-line',
  );

/** The field a problem is about, in the order the form shows them: focus goes to the first. */
const FIELD_ORDER = ['choice', 'text', 'files', 'form'] as const;

/**
 * One part of EDD (source of wealth or of funds): a choice from the options, a text, and evidence files through the
 * app's upload widget. Checked before it is sent (every problem marked, focus on the first); the server's refusal
 * (the same files as the source of wealth's, by content) is shown at the files.
 */
export function EddPartForm({ part, options, example, upload, onSubmit }: EddPartFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const ids = {
    choice: `${id}-choice`,
    text: `${id}-text`,
    textHint: `${id}-text-hint`,
    files: `${id}-files`,
    evidence: `${id}-evidence`,
    errors: { choice: `${id}-choice-error`, text: `${id}-text-error`, files: `${id}-files-error`, form: `${id}-form-error` },
  };
  const [choice, setChoice] = useState('');
  const [text, setText] = useState('');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [problems, setProblems] = useState<Problems>({});
  const [sending, setSending] = useState(false);
  const chosen = options.find((option) => option.value === choice);

  const check = (): Problems => {
    const found: Problems = {};
    if (!chosen) found.choice = t('edd.form.errors.choice');
    if (text.trim().length < EDD_TEXT_MIN_LENGTH) found.text = t('edd.form.errors.text', { min: EDD_TEXT_MIN_LENGTH });
    if (files.some((file) => file.status === 'uploading')) found.files = t('edd.form.errors.uploading');
    else if (!files.some((file) => file.status === 'done')) found.files = t('edd.form.errors.files');
    return found;
  };

  const show = (found: Problems) => {
    setProblems(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    // Focus the first problem: the choice's first radio, the text box, the file picker, or the form's message.
    const target =
      first === 'choice'
        ? document.getElementById(ids.choice)?.querySelector('input')
        : first === 'files'
          ? document.getElementById(ids.files)?.querySelector<HTMLInputElement>('input[type=file]')
          : document.getElementById(first === 'text' ? ids.text : ids.errors.form);
    target?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const found = check();
    if (Object.keys(found).length) return show(found);
    setProblems({});
    setSending(true);
    try {
      await onSubmit({
        choice,
        text: text.trim(),
        files: files.flatMap((file) => (file.status === 'done' && file.filePath ? [file.filePath] : [])),
      });
    } catch (error) {
      if (isApiError(error) && error.errorName === ErrorCode.EddFilesDuplicated) {
        const named = (error.data as { files?: unknown } | undefined)?.files;
        show({ files: t('edd.form.errors.duplicated', { files: typeof named === 'string' ? named : '' }) });
      } else if (isApiError(error) && error.errorName === ErrorCode.EddNotRequested) show({ form: t('edd.form.errors.notAsked') });
      else show({ form: errorText(error, t) });
    } finally {
      setSending(false);
    }
  };

  const describedBy = (...parts: Array<string | false | undefined>) => parts.filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-w-0 flex-col gap-5">
      <fieldset
        id={ids.choice}
        aria-describedby={describedBy(Boolean(problems.choice) && ids.errors.choice, chosen && ids.evidence)}
        className="flex min-w-0 flex-col gap-2"
      >
        <legend className="mb-1.5 text-sm font-medium text-fg">{t(`edd.part.${part}.choice`)}</legend>
        <div className={cx('flex flex-col gap-1 rounded-xl border p-2', problems.choice ? 'border-danger' : 'border-line')}>
          {options.map((option) => (
            <label key={option.value} className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm text-fg hover:bg-surface-2">
              <input
                type="radio"
                name={`${id}-choice`}
                value={option.value}
                checked={choice === option.value}
                aria-invalid={problems.choice ? true : undefined}
                onChange={() => {
                  setChoice(option.value);
                  setProblems(({ choice: _done, ...rest }) => rest);
                }}
                className="size-4 shrink-0 accent-[var(--cw-primary)]"
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
        <FieldError id={ids.errors.choice} message={problems.choice} />
        {chosen ? (
          <p id={ids.evidence} aria-live="polite" className="text-sm text-muted">
            {t('edd.form.evidence')} <EvidenceHint hint={chosen.hint} example={example} />
          </p>
        ) : null}
      </fieldset>

      <div className="flex min-w-0 flex-col">
        <label htmlFor={ids.text} className="mb-1.5 text-sm font-medium text-fg">
          {t('edd.form.text')}
        </label>
        <textarea
          id={ids.text}
          rows={4}
          value={text}
          maxLength={EDD_TEXT_MAX_LENGTH}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby={describedBy(ids.textHint, Boolean(problems.text) && ids.errors.text)}
          onChange={(event) => setText(event.target.value)}
          className={boxClass(Boolean(problems.text))}
        />
        <p id={ids.textHint} className="mt-1 text-xs text-muted">
          {t('edd.form.textHint', { min: EDD_TEXT_MIN_LENGTH })}
        </p>
        <FieldError id={ids.errors.text} message={problems.text} />
      </div>

      <div id={ids.files} className={cx('flex min-w-0 flex-col rounded-xl', problems.files && 'outline outline-offset-4 outline-danger')}>
        <FileUpload
          label={t('edd.form.files')}
          files={files}
          onChange={(next) => {
            setFiles(next);
            setProblems(({ files: _done, ...rest }) => rest);
          }}
          upload={upload}
          maxFiles={EDD_MAX_FILES}
          hint={
            <>
              {t('edd.form.filesHint', { max: EDD_MAX_FILES })}
              {part === 'SOF' ? <span className="block">{t('edd.part.SOF.distinct')}</span> : null}
            </>
          }
        />
        <FieldError id={ids.errors.files} message={problems.files} />
      </div>

      <p id={ids.errors.form} tabIndex={-1} role={problems.form ? 'alert' : undefined} className="text-sm text-danger empty:hidden">
        {problems.form ?? ''}
      </p>
      <GradientButton type="submit" fullWidth loading={sending}>
        {t('edd.form.save')}
      </GradientButton>
    </form>
  );
}
