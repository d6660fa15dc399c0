import { BANK_ACCOUNTS_PER_DAY, type BankAccountField, type BankAccountKind, MAX_BANK_ACCOUNTS, wireCodeOf } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { apiErrorName, errorText, isError, isOffline } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { useCountries } from '@/lib/use-countries';
import { CountrySelect, FieldError, GradientButton, showToast } from '@/ui';
import { type BankAccount, BANK_ACCOUNTS_KEY, useBankAccountsApi } from '../api/bank-accounts-api';
import {
  ADD_BANK_ACCOUNT_ERRORS,
  addBodyOf,
  type BankAccountForm,
  EMPTY_BANK_ACCOUNT_FORM,
  fieldsOf,
  formProblems,
  LIST_CHANGING_ERRORS,
  refusedField,
} from '../bank-account-form';
import { useTranslation } from '../texts';
import { BankField } from './bank-field';
import { KindChoice } from './kind-choice';

/** How each code field is typed: no autocorrect or spelling marks, capitals on phones, digits where only digits go. */
const CODE_INPUT = { autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters' } as const;
const DIGITS_INPUT = { ...CODE_INPUT, inputMode: 'numeric' } as const;
const INPUT_PROPS: Partial<Record<BankAccountField, object>> = {
  accountName: { autoComplete: 'name' },
  iban: CODE_INPUT,
  identifierCode: CODE_INPUT,
  accountNumber: CODE_INPUT,
  sortCode: DIGITS_INPUT,
  accountNumberUk: DIGITS_INPUT,
  abaRoutingNumber: DIGITS_INPUT,
  payeeAddress: { autoComplete: 'address-line1' },
  payeeCity: { autoComplete: 'address-level2' },
  payeePostalCode: { autoComplete: 'postal-code' },
};

/** A field's label: the SEPA BIC says it may be left out; a SWIFT account number may be an IBAN. */
function labelKey(kind: BankAccountKind, field: BankAccountField): string {
  if (kind === 'SEPA' && field === 'identifierCode') return 'bankAccounts.fields.identifierCodeOptional';
  if (kind === 'SWIFT' && field === 'accountNumber') return 'bankAccounts.fields.accountNumberSwift';
  return `bankAccounts.fields.${field}`;
}

export interface AddBankAccountFormProps {
  onSaved: (account: BankAccount) => void;
  onCancel: () => void;
}

/**
 * Add a bank account: the account type, then its fields, each checked as it is left by the same rules
 * the server applies (contracts' bank-account-rules: IBAN and BIC by ibantools, ABA by its checksum, UK
 * numbers by format). Save marks every problem and moves the keyboard to the first; the server's refusal
 * of a number shows under that field, any other refusal above the buttons.
 */
export function AddBankAccountForm({ onSaved, onCancel }: AddBankAccountFormProps) {
  const { t } = useTranslation();
  const api = useBankAccountsApi();
  const queries = useQueryClient();
  const countries = useCountries();
  const formId = useId();
  const fieldRefs = useRef<Partial<Record<BankAccountField, HTMLInputElement | null>>>({});
  const [form, setForm] = useState<BankAccountForm>(EMPTY_BANK_ACCOUNT_FORM);
  const [left, setLeft] = useState<ReadonlySet<BankAccountField>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<{ field: BankAccountField; value: string; message: string } | null>(null);
  const problems = formProblems(form);
  const fields = fieldsOf(form.kind);
  // The form opens on a click: the keyboard moves into it, on its first choice.
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.querySelector<HTMLInputElement>('input:checked')?.focus(), []);

  const save = useApiMutation({
    mutationFn: () => api.add(addBodyOf(form)),
    onSuccess: async (account) => {
      await queries.invalidateQueries({ queryKey: BANK_ACCOUNTS_KEY });
      showToast({ message: t('bankAccounts.added'), kind: 'success' });
      onSaved(account);
    },
    onError: (failure) => {
      const field = refusedField(failure);
      if (field) {
        setRefused({ field, value: form.values[field], message: t(`bankAccounts.errors.${wireCodeOf(apiErrorName(failure)!)}`) });
        fieldRefs.current[field]?.focus();
      }
      // The list then says the wait or the cap; after no answer it shows the account if it was saved.
      if (isError(failure, ...LIST_CHANGING_ERRORS) || isOffline(failure)) void queries.invalidateQueries({ queryKey: BANK_ACCOUNTS_KEY });
    },
  });

  const failureText = (() => {
    const failure = save.error;
    if (!failure || refusedField(failure)) return undefined;
    const name = apiErrorName(failure);
    if (name && ADD_BANK_ACCOUNT_ERRORS.includes(name))
      return t(`bankAccounts.errors.${wireCodeOf(name)}`, { max: MAX_BANK_ACCOUNTS, perDay: BANK_ACCOUNTS_PER_DAY });
    if (isOffline(failure)) return t('bankAccounts.errors.noResponse');
    return errorText(failure, t);
  })();

  const errorOf = (field: BankAccountField): string | undefined => {
    if (refused?.field === field && refused.value === form.values[field]) return refused.message;
    const problem = problems[field];
    return problem && (submitted || left.has(field)) ? t(`bankAccounts.problems.${problem}`) : undefined;
  };
  const set = (field: BankAccountField) => (value: string) =>
    setForm((current) => ({ ...current, values: { ...current.values, [field]: value } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    const firstProblem = fields.find((field) => problems[field]);
    if (firstProblem) {
      fieldRefs.current[firstProblem]?.focus();
      return;
    }
    save.mutate();
  };

  const field = (name: BankAccountField) =>
    name === 'payeeCountry' ? (
      <div key={name} className="flex min-w-0 flex-col">
        {countries.data ? (
          <CountrySelect
            label={t('bankAccounts.fields.payeeCountry')}
            name="payeeCountry"
            autoComplete="country"
            placeholder={t('bankAccounts.fields.selectCountry')}
            value={form.values.payeeCountry}
            countries={countries.data}
            onChange={set('payeeCountry')}
          />
        ) : null}
        <FieldError id={`${formId}-country-error`} message={errorOf('payeeCountry')} />
      </div>
    ) : (
      <BankField
        key={`${form.kind}-${name}`}
        ref={(element) => {
          fieldRefs.current[name] = element;
        }}
        name={name}
        label={t(labelKey(form.kind, name))}
        hint={name === 'accountName' ? t('bankAccounts.accountNameHint') : undefined}
        value={form.values[name]}
        onValueChange={set(name)}
        onBlur={() => setLeft((current) => new Set(current).add(name))}
        error={errorOf(name)}
        {...INPUT_PROPS[name]}
      />
    );

  const payee = fields.filter((name) => name.startsWith('payee'));
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${formId}-title`}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-surface p-4"
    >
      <h2 id={`${formId}-title`} className="text-base font-semibold text-fg">
        {t('bankAccounts.addTitle')}
      </h2>
      <div ref={first}>
        <KindChoice
          kind={form.kind}
          onChange={(kind) => {
            setForm((current) => ({ ...current, kind }));
            setSubmitted(false);
            save.reset();
          }}
        />
      </div>
      {fields.filter((name) => !name.startsWith('payee')).map(field)}
      {payee.length ? (
        <fieldset className="flex min-w-0 flex-col gap-4">
          <legend className="mb-1 text-sm font-semibold text-fg">{t('bankAccounts.payeeAddress')}</legend>
          {payee.map(field)}
        </fieldset>
      ) : null}
      <div role="alert" className="text-sm text-danger empty:hidden">
        {failureText ?? (submitted && fields.some((name) => problems[name]) ? t('bankAccounts.checkFields') : null)}
      </div>
      <div className="flex flex-wrap gap-2">
        <GradientButton type="submit" className="min-h-11 px-4" disabled={save.isPending}>
          {t('bankAccounts.save')}
        </GradientButton>
        <GradientButton type="button" variant="white" className="min-h-11 px-4" onClick={onCancel}>
          {t('bankAccounts.cancel')}
        </GradientButton>
      </div>
    </form>
  );
}
