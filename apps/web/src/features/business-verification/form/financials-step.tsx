import {
  KYB_LONG_TEXT_MAX_LENGTH,
  KYB_MAX_CRYPTO_ADDRESSES,
  type KybDocTypeList,
  MONTHLY_TURNOVER_BANDS,
  SOURCES_OF_FUNDS,
  SOURCES_OF_WEALTH,
} from '@causeway/contracts';
import { WALLET_NETWORKS } from '@causeway/wallet-address';
import { useRef } from 'react';
import { DocumentField } from '../components/document-field';
import { SelectField, TextField } from '../components/fields';
import { useTranslation } from '../texts';
import { newCryptoAddress } from './drafts';
import { type SectionBinding, setField } from './section-binding';

type DocumentType = KybDocTypeList['documentTypes'][number];

export interface FinancialsStepProps {
  binding: SectionBinding<'BusinessProfileFinancials'>;
  /** doc-type's SOURCE_OF_FUNDS and SOURCE_OF_WEALTH say how many files each takes and whether they are required. */
  documentTypes: readonly DocumentType[];
  upload: (file: File) => Promise<string>;
}

/** BusinessProfileFinancials: where the money comes from, how much will move, the crypto addresses it uses. */
export function FinancialsStep({ binding, documentTypes, upload }: FinancialsStepProps) {
  const { t } = useTranslation();
  const { draft } = binding;
  const documentOf = (type: string) => documentTypes.find((item) => item.type === type);
  const origin = (kind: 'Funds' | 'Wealth', choices: readonly string[]) => {
    const select = `sourceOf${kind}` as const;
    const description = `sourceOf${kind}Description` as const;
    const files = `sourceOf${kind}Files` as const;
    const document = documentOf(kind === 'Funds' ? 'SOURCE_OF_FUNDS' : 'SOURCE_OF_WEALTH');
    const common = (name: string) => ({ error: binding.errorOf(name), rejected: binding.isRejected(name) });
    return (
      <fieldset className="flex min-w-0 flex-col gap-4">
        <legend className="mb-2 text-base font-semibold text-fg">{t(`kyb.fields.BusinessProfileFinancials.${select}`)}</legend>
        <SelectField
          label={t(`kyb.fields.BusinessProfileFinancials.${select}Kind`)}
          placeholder={t('kyb.form.select')}
          value={draft[select]}
          onChange={(value) => setField(binding, select, value)}
          options={choices.map((value) => ({ value, label: t(`kyb.${select}.${value}`) }))}
          {...common(select)}
        />
        <TextField
          label={t(`kyb.fields.BusinessProfileFinancials.${description}`)}
          multiline
          maxLength={KYB_LONG_TEXT_MAX_LENGTH}
          value={draft[description]}
          onChange={(value) => setField(binding, description, value)}
          {...common(description)}
        />
        <DocumentField
          label={t(`kyb.fields.BusinessProfileFinancials.${files}`)}
          optional={document ? !document.required : false}
          maxFiles={document?.maxFiles}
          files={draft[files]}
          onChange={(next) => setField(binding, files, next)}
          upload={upload}
          {...common(files)}
        />
      </fieldset>
    );
  };
  return (
    <div className="flex flex-col gap-8">
      {origin('Funds', SOURCES_OF_FUNDS)}
      {origin('Wealth', SOURCES_OF_WEALTH)}
      <SelectField
        label={t('kyb.fields.BusinessProfileFinancials.plannedMonthlyTurnover')}
        placeholder={t('kyb.form.select')}
        value={draft.plannedMonthlyTurnover}
        onChange={(value) => setField(binding, 'plannedMonthlyTurnover', value)}
        options={MONTHLY_TURNOVER_BANDS.map((value) => ({ value, label: t(`kyb.turnover.${value}`) }))}
        error={binding.errorOf('plannedMonthlyTurnover')}
        rejected={binding.isRejected('plannedMonthlyTurnover')}
      />
      <CryptoAddressesField binding={binding} />
    </div>
  );
}

/** The crypto addresses the business will use: network, address and (XRP) memo, added and removed as rows. */
function CryptoAddressesField({ binding }: { binding: SectionBinding<'BusinessProfileFinancials'> }) {
  const { t } = useTranslation();
  const rows = binding.draft.cryptoAddresses;
  const list = useRef<HTMLUListElement>(null);
  const update = (edit: (current: typeof rows) => typeof rows, path: string) =>
    binding.change((draft) => ({ ...draft, cryptoAddresses: edit(draft.cryptoAddresses) }), path);
  const edit = (index: number, field: 'network' | 'address' | 'memo', value: string) =>
    update((current) => current.map((row, i) => (i === index ? { ...row, [field]: value } : row)), `cryptoAddresses.${index}.${field}`);
  const add = () => {
    update((current) => [...current, newCryptoAddress()], `cryptoAddresses.${rows.length}`);
    queueMicrotask(() => list.current?.querySelector<HTMLSelectElement>('li:last-child select')?.focus());
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-base font-semibold text-fg">
        {t('kyb.fields.BusinessProfileFinancials.cryptoAddresses')}{' '}
        <span className="text-sm font-normal text-muted">{t('kyb.form.optional')}</span>
      </legend>
      <p className="text-sm text-muted">{t('kyb.hints.cryptoAddresses')}</p>
      <ul ref={list} className="flex flex-col gap-3 empty:hidden">
        {rows.map((row, index) => {
          const at = (field: string) => `cryptoAddresses.${index}.${field}`;
          return (
            <li key={row.key} className="flex flex-col gap-3 rounded-xl border border-line bg-surface-2 p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold text-fg">{t('kyb.fields.cryptoAddress', { number: index + 1 })}</span>
                <button
                  type="button"
                  onClick={() => update((current) => current.filter((_, i) => i !== index), 'cryptoAddresses')}
                  aria-label={t('kyb.form.removeCryptoAddress', { number: index + 1 })}
                  className="min-h-10 rounded-lg px-3 text-sm font-medium text-danger hover:bg-surface"
                >
                  {t('kyb.form.remove')}
                </button>
              </div>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
                <SelectField
                  label={t('kyb.fields.network')}
                  placeholder={t('kyb.form.select')}
                  value={row.network}
                  onChange={(value) => edit(index, 'network', value)}
                  options={WALLET_NETWORKS.map((network) => ({ value: network, label: t(`kyb.network.${network}`) }))}
                  error={binding.errorOf(at('network'))}
                />
                <TextField
                  label={t('kyb.fields.address.crypto')}
                  value={row.address}
                  maxLength={128}
                  onChange={(value) => edit(index, 'address', value)}
                  error={binding.errorOf(at('address'))}
                />
              </div>
              {row.network === 'XRP' || row.memo !== '' ? (
                <TextField
                  label={t('kyb.fields.memo')}
                  hint={t('kyb.hints.memo')}
                  value={row.memo}
                  maxLength={64}
                  inputMode="numeric"
                  onChange={(value) => edit(index, 'memo', value)}
                  error={binding.errorOf(at('memo'))}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {rows.length < KYB_MAX_CRYPTO_ADDRESSES ? (
        <button type="button" onClick={add} className="self-start rounded-lg px-1 py-1 text-sm font-semibold text-primary hover:underline">
          {t('kyb.form.addCryptoAddress')}
        </button>
      ) : null}
    </fieldset>
  );
}
