import { type CountryItem, LEGAL_ENTITY_TYPES, TEXT_FIELD_MAX_LENGTH } from '@causeway/contracts';
import { useRef } from 'react';
import { CountryField, SelectField, TextField } from '../components/fields';
import { useTranslation } from '../texts';
import { localToday } from './field-rules';
import { type SectionBinding, setField } from './section-binding';

/** Trade names a business may declare (generalDataSchema). */
const MAX_TRADE_NAMES = 5;

/** GeneralData: who the company is, where it is registered, how to reach it. */
export function GeneralDataStep({ binding, countries }: { binding: SectionBinding<'GeneralData'>; countries: readonly CountryItem[] }) {
  const { t } = useTranslation();
  const { draft, errorOf, isRejected } = binding;
  const field = (name: Exclude<keyof typeof draft, 'tradeNames'>) => ({
    label: t(`kyb.fields.GeneralData.${name}`),
    name,
    value: draft[name],
    onChange: (value: string) => setField(binding, name, value),
    error: errorOf(name),
    rejected: isRejected(name),
  });
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <CountryField {...field('jurisdiction')} countries={countries} hint={t('kyb.hints.jurisdiction')} />
      <TextField {...field('companyName')} autoComplete="organization" maxLength={TEXT_FIELD_MAX_LENGTH} />
      <TradeNamesField binding={binding} />
      <TextField {...field('registrationNumber')} maxLength={40} />
      <SelectField
        {...field('legalEntityType')}
        placeholder={t('kyb.form.select')}
        options={LEGAL_ENTITY_TYPES.map((type) => ({ value: type, label: t(`kyb.legalEntityType.${type}`) }))}
      />
      <TextField {...field('incorporationDate')} type="date" min="1800-01-01" max={localToday()} />
      <TextField {...field('website')} type="url" inputMode="url" autoComplete="url" hint={t('kyb.hints.website')} />
      <TextField {...field('businessEmail')} type="email" inputMode="email" autoComplete="email" />
      <TextField {...field('taxId')} maxLength={40} className="sm:col-span-2" hint={t('kyb.hints.taxId')} />
    </div>
  );
}

/** The names the company also trades under: none to five, each a text field (docs/rules/kyb.md). */
function TradeNamesField({ binding }: { binding: SectionBinding<'GeneralData'> }) {
  const { t } = useTranslation();
  const names = binding.draft.tradeNames;
  const list = useRef<HTMLUListElement>(null);
  const update = (edit: (names: string[]) => string[], path: string) =>
    binding.change((draft) => ({ ...draft, tradeNames: edit(draft.tradeNames) }), path);
  const add = () => {
    update((current) => [...current, ''], `tradeNames.${names.length}`);
    // The new row's input takes the keyboard once it is there.
    queueMicrotask(() => list.current?.querySelector<HTMLInputElement>('li:last-child input')?.focus());
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2 sm:col-span-2">
      <legend className="mb-1.5 text-sm font-medium text-fg">
        {t('kyb.fields.GeneralData.tradeNames')} <span className="font-normal text-muted">{t('kyb.form.optional')}</span>
      </legend>
      {binding.isRejected('tradeNames') ? <p className="text-xs font-semibold text-danger">{t('kyb.rejected.marker')}</p> : null}
      <ul ref={list} className="flex flex-col gap-2 empty:hidden">
        {names.map((name, index) => (
          <li key={index} className="flex items-start gap-2">
            <TextField
              className="flex-1"
              label={t('kyb.fields.tradeName', { number: index + 1 })}
              value={name}
              maxLength={TEXT_FIELD_MAX_LENGTH}
              onChange={(value) => update((current) => current.map((old, i) => (i === index ? value : old)), `tradeNames.${index}`)}
              error={binding.errorOf(`tradeNames.${index}`)}
            />
            <button
              type="button"
              onClick={() => update((current) => current.filter((_, i) => i !== index), 'tradeNames')}
              className="mt-6.5 h-12 shrink-0 rounded-lg px-3 text-sm font-medium text-danger hover:bg-surface-2"
              aria-label={t('kyb.form.removeTradeName', { number: index + 1 })}
            >
              {t('kyb.form.remove')}
            </button>
          </li>
        ))}
      </ul>
      {names.length < MAX_TRADE_NAMES ? (
        <button type="button" onClick={add} className="self-start rounded-lg px-1 py-1 text-sm font-semibold text-primary hover:underline">
          {t('kyb.form.addTradeName')}
        </button>
      ) : null}
    </fieldset>
  );
}
