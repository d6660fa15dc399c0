import { type CountryItem, type DocsVerificationSubmit, ID_DOCUMENT_TYPES } from '@causeway/contracts';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload, GradientButton, TabSwitcher, TextInput, type UploadedFile } from '@/ui';
import { isAdult, isValidBirthDate, isValidTextField, localToday } from '../text-rules';

type DocumentType = (typeof ID_DOCUMENT_TYPES)[number];
type Slot = 'front' | 'back';
type DocumentFiles = Record<Slot, UploadedFile[]>;

/** A passport has one page to show; the cards have a front and a back. */
const SLOTS: Record<DocumentType, readonly Slot[]> = { PASSPORT: ['front'], ID_CARD: ['front', 'back'], DRIVERS: ['front', 'back'] };
const SIDE: Record<Slot, 'FRONT_SIDE' | 'BACK_SIDE'> = { front: 'FRONT_SIDE', back: 'BACK_SIDE' };
const COUNTRY = /^[A-Z]{2}$/;

export interface DocsVerificationFormProps {
  countries: CountryItem[];
  /** Preselects the country of residence (the account's own, when known). */
  residentCountry: string | null;
  /** Stores one file and answers its filePath. */
  upload: (file: File) => Promise<string>;
  /** The failure of the last submit, shown above the button. */
  error?: string | undefined;
  onSubmit: (body: DocsVerificationSubmit) => Promise<void>;
}

/**
 * The docsverification form: the person's details as on the document (spec §5 text rules), the
 * document type and its photos. Submit stays inactive until every field is valid and every file
 * is uploaded. Files are kept per document type, so switching back and forth loses nothing.
 */
export function DocsVerificationForm({ countries, residentCountry, upload, error, onSubmit }: DocsVerificationFormProps) {
  const { t, i18n } = useTranslation();
  const [details, setDetails] = useState({ firstName: '', lastName: '', dob: '', nationality: '', residenceCountry: residentCountry ?? '' });
  const [documentType, setDocumentType] = useState<DocumentType>('PASSPORT');
  const [files, setFiles] = useState<Record<DocumentType, DocumentFiles>>(() => ({
    PASSPORT: { front: [], back: [] },
    ID_CARD: { front: [], back: [] },
    DRIVERS: { front: [], back: [] },
  }));
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof details) => (value: string) => setDetails((current) => ({ ...current, [field]: value }));
  const setSlot = (type: DocumentType, slot: Slot) => (next: UploadedFile[]) =>
    setFiles((current) => ({ ...current, [type]: { ...current[type], [slot]: next } }));

  const slots = SLOTS[documentType];
  const chosen = files[documentType];
  const filesReady = slots.every((slot) => chosen[slot].length > 0 && chosen[slot].every((file) => file.status === 'done' && file.filePath));
  const dobOk = isValidBirthDate(details.dob) && isAdult(details.dob);
  const valid =
    isValidTextField(details.firstName) && isValidTextField(details.lastName) && dobOk &&
    COUNTRY.test(details.nationality) && COUNTRY.test(details.residenceCountry) && filesReady;

  const validateName = (value: string) => (isValidTextField(value) ? undefined : t('verification.docs.nameInvalid'));
  const validateDob = (value: string) =>
    !isValidBirthDate(value) ? t('verification.docs.dobInvalid') : isAdult(value) ? undefined : t('verification.docs.dobTooYoung');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    await onSubmit({
      firstName: details.firstName.trim(),
      lastName: details.lastName.trim(),
      dob: details.dob,
      nationality: details.nationality,
      residenceCountry: details.residenceCountry,
      documentType,
      files: slots.flatMap((slot) => chosen[slot].map((file) => ({ filePath: file.filePath!, side: documentType === 'PASSPORT' ? null : SIDE[slot] }))),
    });
    setBusy(false);
  };

  const sorted = useMemo(() => {
    const nameOf = (country: CountryItem) => (i18n.language === 'zh' ? country.chineseName : country.englishName);
    const collator = new Intl.Collator(i18n.language);
    return countries.map((country) => ({ code: country.towCharCode, text: `${country.flag} ${nameOf(country)}`, name: nameOf(country) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [countries, i18n.language]);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput label={t('verification.docs.firstName')} name="firstName" autoComplete="given-name" maxLength={70} value={details.firstName} onValueChange={set('firstName')} validate={validateName} />
        <TextInput label={t('verification.docs.lastName')} name="lastName" autoComplete="family-name" maxLength={70} value={details.lastName} onValueChange={set('lastName')} validate={validateName} />
      </div>
      <TextInput label={t('verification.docs.dob')} name="dob" type="date" autoComplete="bday" min="1900-01-01" max={localToday()} value={details.dob} onValueChange={set('dob')} validate={validateDob} />
      <CountrySelect label={t('verification.docs.nationality')} name="nationality" value={details.nationality} options={sorted} onChange={set('nationality')} />
      <CountrySelect label={t('verification.docs.residenceCountry')} name="residenceCountry" value={details.residenceCountry} options={sorted} onChange={set('residenceCountry')} />

      <div className="flex flex-col gap-3">
        <span className="text-sm font-medium text-fg">{t('verification.docs.documentType')}</span>
        <TabSwitcher
          label={t('verification.docs.documentType')}
          value={documentType}
          onValueChange={setDocumentType}
          items={ID_DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`verification.docs.type.${type}`) }))}
        />
        {/* Every type's uploads stay mounted (hidden when not chosen), so an upload still running
            or a file to try again survives switching the type back and forth. */}
        {ID_DOCUMENT_TYPES.map((type) => (
          <div key={type} hidden={type !== documentType} className="flex flex-col gap-3">
            {SLOTS[type].map((slot) => (
              <FileUpload
                key={slot}
                label={t(`verification.docs.files.${type}.${slot}`)}
                files={files[type][slot]}
                onChange={setSlot(type, slot)}
                upload={upload}
                maxFiles={1}
              />
            ))}
          </div>
        ))}
      </div>

      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      <GradientButton type="submit" fullWidth loading={busy} variant={valid ? 'primary' : 'inactive'}>{t('verification.docs.submit')}</GradientButton>
    </form>
  );
}

interface CountrySelectProps {
  label: string;
  name: string;
  value: string;
  options: Array<{ code: string; text: string }>;
  onChange: (value: string) => void;
}

function CountrySelect({ label, name, value, options, onChange }: CountrySelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1.5 text-sm font-medium text-fg">{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-12 w-full min-w-0 rounded-xl border border-line bg-surface px-3 text-base text-fg focus-visible:ring-2 focus-visible:ring-focus"
      >
        <option value="">{t('verification.docs.selectCountry')}</option>
        {options.map((option) => <option key={option.code} value={option.code}>{option.text}</option>)}
      </select>
    </div>
  );
}
