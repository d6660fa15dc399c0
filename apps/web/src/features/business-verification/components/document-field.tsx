import { KYB_MAX_FILES_PER_DOCUMENT } from '@causeway/contracts';
import { type ReactNode, useId } from 'react';
import { FieldError, FileUpload, type UploadedFile } from '@/ui';
import { cx } from '@/ui/class-names';
import { useTranslation } from '../texts';

export interface DocumentFieldProps {
  label: ReactNode;
  files: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  upload: (file: File) => Promise<string>;
  maxFiles?: number | undefined;
  optional?: boolean | undefined;
  error?: string | undefined;
  rejected?: boolean | undefined;
}

/**
 * One document of the business form: the app's upload widget (format, size and count checked before
 * any upload, spec §5; "Upload failed" with Try again), with the form's notes under it.
 */
export function DocumentField({
  label,
  files,
  onChange,
  upload,
  maxFiles = KYB_MAX_FILES_PER_DOCUMENT,
  optional,
  error,
  rejected,
}: DocumentFieldProps) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <div className={cx('flex min-w-0 flex-col rounded-xl', (error || rejected) && 'outline outline-offset-4 outline-danger')}>
      <FileUpload
        label={
          <>
            {label}
            {optional ? <span className="font-normal text-muted"> {t('kyb.form.optional')}</span> : null}
          </>
        }
        files={files}
        onChange={onChange}
        upload={upload}
        maxFiles={maxFiles}
        hint={t('kyb.hints.files', { max: maxFiles })}
      />
      {rejected ? <p className="mt-1 text-xs font-semibold text-danger">{t('kyb.rejected.marker')}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
