import {
  type CountryItem,
  type DocsVerificationSubmit,
  ID_DOCUMENT_TYPES,
  type IdDocumentType as DocumentType,
  isAdult,
  isCountryCode,
  isValidTextField,
  TEXT_FIELD_MAX_LENGTH,
  type UploadHandoffFile,
} from '@causeway/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect, FileUpload, GradientButton, TabSwitcher, TextInput, type UploadedFile } from '@/ui';
import type { UploadHandoffApi } from '../api/upload-handoff-api';
import { isValidBirthDate, localToday } from '../date-rules';
import { type DocumentFiles, isSlotFilled, isSlotFree, placeArrivals, type Slot, SLOTS } from '../document-slots';
import { PhoneHandoff } from './phone-handoff';

const SIDE: Record<Slot, 'FRONT_SIDE' | 'BACK_SIDE'> = { front: 'FRONT_SIDE', back: 'BACK_SIDE' };

export interface DocsVerificationFormProps {
  countries: CountryItem[];
  /** Preselects the country of residence (the account's own, when known). */
  residentCountry: string | null;
  /** Stores one file and answers its filePath. */
  upload: (file: File) => Promise<string>;
  /** The "continue on your phone" link and what the phone sent. */
  phoneHandoff: UploadHandoffApi;
  /** The failure of the last submit, shown above the button. */
  error?: string | undefined;
  onSubmit: (body: DocsVerificationSubmit) => Promise<void>;
}

/**
 * The docsverification form: the person's details as on the document (docs/rules/validation.md text rules), the
 * document type and its photos. Submit stays inactive until every field is valid and every file
 * is uploaded. Files are kept per document type, so switching back and forth loses nothing.
 */
export function DocsVerificationForm({ countries, residentCountry, upload, phoneHandoff, error, onSubmit }: DocsVerificationFormProps) {
  const { t } = useTranslation();
  const [details, setDetails] = useState({
    firstName: '',
    lastName: '',
    dob: '',
    nationality: '',
    residenceCountry: residentCountry ?? '',
  });
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
  const filesReady = slots.every((slot) => isSlotFilled(chosen[slot]));
  /** Photos from the phone fill the chosen document's free slots; true once it has every photo. */
  const receiveFromPhone = (arrived: UploadHandoffFile[]) => {
    const next = placeArrivals(chosen, slots, arrived);
    setFiles((current) => ({ ...current, [documentType]: next }));
    return slots.every((slot) => isSlotFilled(next[slot]));
  };
  // The age limit is the server's own rule (18 on today's UTC date), so both sides agree.
  const isOfAge = (dob: string) => isAdult(dob, new Date());
  const dobOk = isValidBirthDate(details.dob) && isOfAge(details.dob);
  const valid =
    isValidTextField(details.firstName) &&
    isValidTextField(details.lastName) &&
    dobOk &&
    isCountryCode(details.nationality) &&
    isCountryCode(details.residenceCountry) &&
    filesReady;

  const validateName = (value: string) => (isValidTextField(value) ? undefined : t('verification.docs.nameInvalid'));
  const validateDob = (value: string) =>
    !isValidBirthDate(value) ? t('verification.docs.dobInvalid') : isOfAge(value) ? undefined : t('verification.docs.dobTooYoung');

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
      files: slots.flatMap((slot) =>
        chosen[slot].map((file) => ({ filePath: file.filePath!, side: documentType === 'PASSPORT' ? null : SIDE[slot] })),
      ),
    });
    setBusy(false);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput
          label={t('verification.docs.firstName')}
          name="firstName"
          autoComplete="given-name"
          maxLength={TEXT_FIELD_MAX_LENGTH}
          value={details.firstName}
          onValueChange={set('firstName')}
          validate={validateName}
        />
        <TextInput
          label={t('verification.docs.lastName')}
          name="lastName"
          autoComplete="family-name"
          maxLength={TEXT_FIELD_MAX_LENGTH}
          value={details.lastName}
          onValueChange={set('lastName')}
          validate={validateName}
        />
      </div>
      <TextInput
        label={t('verification.docs.dob')}
        name="dob"
        type="date"
        autoComplete="bday"
        min="1900-01-01"
        max={localToday()}
        value={details.dob}
        onValueChange={set('dob')}
        validate={validateDob}
      />
      <CountrySelect
        label={t('verification.docs.nationality')}
        name="nationality"
        placeholder={t('verification.selectCountry')}
        value={details.nationality}
        countries={countries}
        onChange={set('nationality')}
      />
      <CountrySelect
        label={t('verification.docs.residenceCountry')}
        name="residenceCountry"
        autoComplete="country"
        placeholder={t('verification.selectCountry')}
        value={details.residenceCountry}
        countries={countries}
        onChange={set('residenceCountry')}
      />

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
        <PhoneHandoff api={phoneHandoff} canReceive={slots.some((slot) => isSlotFree(chosen[slot]))} onArrived={receiveFromPhone} />
      </div>

      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <GradientButton type="submit" fullWidth loading={busy} variant={valid ? 'primary' : 'inactive'}>
        {t('verification.docs.submit')}
      </GradientButton>
    </form>
  );
}
