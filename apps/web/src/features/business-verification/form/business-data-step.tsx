import { type CountryItem, KYB_LONG_TEXT_MAX_LENGTH, type KybDocTypeList, TEXT_FIELD_MAX_LENGTH } from '@causeway/contracts';
import { CheckboxField, CountryField, TextField } from '../components/fields';
import { DocumentField } from '../components/document-field';
import { useTranslation } from '../texts';
import { type AddressDraft, FINANCIAL_DOCUMENTS } from './drafts';
import { type SectionBinding, setField } from './section-binding';

type DocumentType = KybDocTypeList['documentTypes'][number];

export interface BusinessDataStepProps {
  binding: SectionBinding<'BusinessData'>;
  countries: readonly CountryItem[];
  /** doc-type's list: every company document but the financial ones is asked for here. */
  documentTypes: readonly DocumentType[];
  upload: (file: File) => Promise<string>;
}

/** BusinessData: where the company is registered and works, what it does, and its documents. */
export function BusinessDataStep({ binding, countries, documentTypes, upload }: BusinessDataStepProps) {
  const { t } = useTranslation();
  const { draft } = binding;
  const companyDocuments = documentTypes.filter((type) => !FINANCIAL_DOCUMENTS.includes(type.type));
  return (
    <div className="flex flex-col gap-6">
      <AddressFields binding={binding} field="registeredAddress" countries={countries} />
      <div className="flex flex-col gap-4">
        <CheckboxField
          label={t('kyb.fields.BusinessData.sameAddress')}
          checked={draft.sameAddress}
          onChange={(checked) => setField(binding, 'sameAddress', checked)}
        />
        {draft.sameAddress ? null : <AddressFields binding={binding} field="businessAddress" countries={countries} />}
      </div>
      <TextField
        label={t('kyb.fields.BusinessData.mainActivities')}
        hint={t('kyb.hints.mainActivities', { max: KYB_LONG_TEXT_MAX_LENGTH })}
        multiline
        maxLength={KYB_LONG_TEXT_MAX_LENGTH}
        value={draft.mainActivities}
        onChange={(value) => setField(binding, 'mainActivities', value)}
        error={binding.errorOf('mainActivities')}
        rejected={binding.isRejected('mainActivities')}
      />
      {companyDocuments.length > 0 ? (
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-base font-semibold text-fg">{t('kyb.fields.BusinessData.documents')}</legend>
          {companyDocuments.map((type) => (
            <DocumentField
              key={type.type}
              label={t(`kyb.documentType.${type.type}`)}
              optional={!type.required}
              maxFiles={type.maxFiles}
              files={draft.documents[type.type] ?? []}
              onChange={(files) =>
                binding.change(
                  (current) => ({ ...current, documents: { ...current.documents, [type.type]: files } }),
                  `documents.${type.type}`,
                )
              }
              upload={upload}
              error={binding.errorOf(`documents.${type.type}`)}
              rejected={binding.isRejected(`documents.${type.type}`)}
            />
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

function AddressFields({
  binding,
  field,
  countries,
}: {
  binding: SectionBinding<'BusinessData'>;
  field: 'registeredAddress' | 'businessAddress';
  countries: readonly CountryItem[];
}) {
  const { t } = useTranslation();
  const address = binding.draft[field];
  const part = (name: keyof AddressDraft) => ({
    name: `${field}.${name}`,
    value: address[name],
    onChange: (value: string) =>
      binding.change((current) => ({ ...current, [field]: { ...current[field], [name]: value } }), `${field}.${name}`),
    error: binding.errorOf(`${field}.${name}`),
    rejected: binding.isRejected(`${field}.${name}`),
  });
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-fg">{t(`kyb.fields.BusinessData.${field}`)}</legend>
      {binding.isRejected(field) ? <p className="text-xs font-semibold text-danger">{t('kyb.rejected.marker')}</p> : null}
      <TextField
        label={t('kyb.fields.address.addressLine')}
        autoComplete="street-address"
        maxLength={TEXT_FIELD_MAX_LENGTH}
        {...part('addressLine')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={t('kyb.fields.address.city')} autoComplete="address-level2" maxLength={TEXT_FIELD_MAX_LENGTH} {...part('city')} />
        <TextField label={t('kyb.fields.address.postalCode')} autoComplete="postal-code" maxLength={16} {...part('postalCode')} />
      </div>
      <CountryField label={t('kyb.fields.address.country')} countries={countries} {...part('country')} />
    </fieldset>
  );
}
