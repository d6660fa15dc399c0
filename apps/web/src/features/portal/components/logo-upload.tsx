import { MAX_DOCUMENT_BYTES, MIN_DOCUMENT_BYTES } from '@causeway/contracts';
import { type ChangeEvent, useId, useState } from 'react';
import { useCompanyHeader } from '@/lib/company-header';
import { errorText } from '@/lib/http-errors';
import { ConfirmDialog, GradientButton } from '@/ui';
import { cx } from '@/ui/class-names';
import { useSetLogo } from '../api/portal-api';
import { useTranslation } from '../texts';
import { cardClass, dangerTextLinkClass, outlineLinkClass, sectionTitleClass, textLinkClass } from './portal-classes';

/** A logo is a picture: the business documents' image formats, not pdf (kyb/logo refuses a pdf). */
const LOGO_EXTENSIONS = ['jpg', 'jpeg', 'png'];
const ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** Why `file` cannot be a logo (its format, or a size outside the documents' 10 KB to 5120 KB), or null. */
export function logoProblem(file: File): 'format' | 'size' | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (!LOGO_EXTENSIONS.includes(extension)) return 'format';
  if (file.size < MIN_DOCUMENT_BYTES || file.size > MAX_DOCUMENT_BYTES) return 'size';
  return null;
}

/** The chosen file as a data URL, for its preview before it is saved. */
const previewOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });

/**
 * The company's logo (docs/rules/kyb.md "The portal"): the current one, a jpg or png chosen and
 * previewed before it is saved (uploaded through sign-upload-kyb-temple, then kyb/logo), and Remove
 * after a confirmation. The portal's header shows the change at once (the company-header query).
 */
export function LogoUpload() {
  const { t } = useTranslation();
  const headingId = useId();
  const inputId = useId();
  const company = useCompanyHeader();
  const setLogo = useSetLogo();
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const current = company.data?.logoUrl ?? null;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setDone(null);
    const refusal = logoProblem(file);
    if (refusal) {
      setChosen(null);
      return setProblem(t(`portal.account.logo.${refusal}`));
    }
    setProblem(null);
    try {
      setChosen({ file, preview: await previewOf(file) });
    } catch {
      setProblem(t('portal.account.logo.format'));
    }
  };

  const save = (file: File | null) =>
    setLogo.mutateAsync(file).then(
      () => {
        setChosen(null);
        setProblem(null);
        setDone(t(file ? 'portal.account.logo.saved' : 'portal.account.logo.removed'));
      },
      (error: unknown) => setProblem(errorText(error, t)),
    );

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={sectionTitleClass}>
        {t('portal.account.logo.title')}
      </h2>
      <p className="text-sm text-muted">{t('portal.account.logo.intro')}</p>
      <div className="flex flex-wrap items-center gap-4">
        {chosen ? (
          <img
            src={chosen.preview}
            alt={t('portal.account.logo.preview')}
            className="size-20 rounded-xl border border-line object-contain"
          />
        ) : current ? (
          <img src={current} alt={t('portal.account.logo.current')} className="size-20 rounded-xl border border-line object-contain" />
        ) : (
          <p className="text-sm text-muted">{t('portal.account.logo.none')}</p>
        )}
        {chosen ? (
          <div className="flex flex-wrap items-center gap-3">
            <GradientButton loading={setLogo.isPending} onClick={() => void save(chosen.file)}>
              {t('portal.account.logo.save')}
            </GradientButton>
            <button type="button" className={textLinkClass} onClick={() => setChosen(null)}>
              {t('portal.account.logo.cancel')}
            </button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            {/* A real file input (keyboard and screen readers reach it), shown as the label's button. */}
            <input id={inputId} type="file" accept={ACCEPT} onChange={(event) => void pick(event)} className="peer sr-only" />
            <label
              htmlFor={inputId}
              className={cx(outlineLinkClass, 'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-focus')}
            >
              {t('portal.account.logo.choose')}
            </label>
            {current ? (
              <button type="button" className={dangerTextLinkClass} onClick={() => setConfirmingRemoval(true)}>
                {t('portal.account.logo.remove')}
              </button>
            ) : null}
          </div>
        )}
      </div>
      <p role="status" className={cx('text-sm', problem ? 'text-danger' : 'text-success', !problem && !done && 'sr-only')}>
        {problem ?? done}
      </p>
      <ConfirmDialog
        open={confirmingRemoval}
        onOpenChange={setConfirmingRemoval}
        title={t('portal.account.logo.removeTitle')}
        description={t('portal.account.logo.removeText')}
        confirmLabel={t('portal.account.logo.remove')}
        cancelLabel={t('portal.account.logo.cancel')}
        onConfirm={async () => {
          await save(null);
          setConfirmingRemoval(false);
        }}
      />
    </section>
  );
}
