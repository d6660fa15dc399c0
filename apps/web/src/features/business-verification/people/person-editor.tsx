import { type KybCompany, type KybIndividual, type KybPersonType, TEXT_FIELD_MAX_LENGTH } from '@causeway/contracts';
import { type FormEvent, useState } from 'react';
import { useCountries } from '@/lib/use-countries';
import { useApiMutation } from '@/lib/use-api-mutation';
import { GradientButton, Sheet } from '@/ui';
import { useKybApi, useRefreshIndividuals, useOwnershipTypes } from '../api/kyb-api';
import { CountryField, SelectField, TextField } from '../components/fields';
import { fieldChecks, localToday } from '../form/field-rules';
import { serverProblemsOf } from '../form/server-problems';
import { useTranslation } from '../texts';
import { holdsPosition, isOwner, needsPesel, type PersonDraft, personDraftOf, personInputOf, personProblems } from './person-draft';
import { useSamePerson } from './use-same-person';

export interface PersonEditorProps {
  personType: KybPersonType;
  /** The person edited; null adds one. */
  person: KybIndividual | null;
  /** The companies of the ownership chain an indirect owner may hold their share through. */
  companies: readonly KybCompany[];
  onClose: (saved: boolean) => void;
}

/**
 * Adds or edits one declared person in a sheet (individual/update): the fields of
 * kybIndividualInputSchema for the role, the PESEL once the nationality is Polish, and, once name
 * and date of birth are there, whether the same human is already declared in another role.
 */
export function PersonEditor({ personType, person, companies, onClose }: PersonEditorProps) {
  const { t } = useTranslation();
  const api = useKybApi();
  const refreshIndividuals = useRefreshIndividuals();
  const countries = useCountries().data ?? [];
  const ownershipTypes = useOwnershipTypes('INDIVIDUAL');
  const [draft, setDraft] = useState<PersonDraft>(() => personDraftOf(person));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; message: string | undefined }>({ fields: {}, message: undefined });
  const same = useSamePerson(draft, person?.id);
  const problems = personProblems(draft, personType, fieldChecks(t), t);

  const save = useApiMutation({
    mutationFn: () => api.saveIndividual(personInputOf(draft, personType, person?.id)),
    onSuccess: async () => {
      await refreshIndividuals();
      onClose(true);
    },
    onError: (error) => setServer(serverProblemsOf(error, t, { isField: (path) => path in draft })),
  });

  const field = (name: keyof PersonDraft) => ({
    name,
    value: draft[name],
    onChange: (value: string) => {
      setDraft((current) => ({ ...current, [name]: value }));
      setTouched((current) => new Set([...current, name]));
      setServer((current) => ({ fields: { ...current.fields, [name]: '' }, message: undefined }));
    },
    error: server.fields[name] || (touched.has(name) || attempted ? problems[name] : undefined),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(problems).length > 0 || save.isPending) return;
    save.mutate();
  };

  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : onClose(false))}
      title={person ? t(`kyb.people.editTitle.${personType}`) : t(`kyb.people.add.${personType}`)}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('kyb.fields.person.firstName')}
            autoComplete="off"
            maxLength={TEXT_FIELD_MAX_LENGTH}
            {...field('firstName')}
          />
          <TextField label={t('kyb.fields.person.middleName')} optional maxLength={TEXT_FIELD_MAX_LENGTH} {...field('middleName')} />
          <TextField label={t('kyb.fields.person.lastName')} maxLength={TEXT_FIELD_MAX_LENGTH} {...field('lastName')} />
          <TextField label={t('kyb.fields.person.dob')} type="date" min="1900-01-01" max={localToday()} {...field('dob')} />
        </div>
        {same.length > 0 ? (
          <p role="status" className="rounded-xl bg-surface-2 p-3 text-sm text-fg">
            {t('kyb.people.alreadyDeclared', {
              roles: [...new Set(same.map((entry) => t(`kyb.personType.${entry.personType}`)))].join(', '),
            })}
          </p>
        ) : null}
        <CountryField label={t('kyb.fields.person.nationality')} countries={countries} {...field('nationality')} />
        {needsPesel(draft) ? (
          <TextField
            label={t('kyb.fields.person.pesel')}
            hint={t('kyb.hints.pesel')}
            inputMode="numeric"
            maxLength={11}
            {...field('pesel')}
          />
        ) : null}
        <CountryField label={t('kyb.fields.person.countryOfBirth')} countries={countries} {...field('countryOfBirth')} />
        {holdsPosition(personType) ? (
          <TextField
            label={t('kyb.fields.person.position')}
            hint={t('kyb.hints.position')}
            maxLength={TEXT_FIELD_MAX_LENGTH}
            {...field('position')}
          />
        ) : null}
        <TextField
          label={t('kyb.fields.person.email')}
          hint={t('kyb.hints.personEmail')}
          type="email"
          inputMode="email"
          {...field('email')}
        />
        {isOwner(personType) ? (
          <>
            <TextField label={t('kyb.fields.person.ownershipPercent')} inputMode="decimal" maxLength={6} {...field('ownershipPercent')} />
            <SelectField
              label={t('kyb.fields.person.ownershipType')}
              placeholder={t('kyb.form.select')}
              options={(ownershipTypes.data ?? []).map((type) => ({ value: type, label: t(`kyb.ownershipType.${type}`) }))}
              {...field('ownershipType')}
            />
            {draft.ownershipType === 'INDIRECT' ? (
              <SelectField
                label={t('kyb.fields.person.ownedThroughCompanyId')}
                hint={companies.length === 0 ? t('kyb.hints.noCompanies') : undefined}
                placeholder={t('kyb.form.select')}
                options={companies.map((company) => ({ value: company.id, label: company.companyName }))}
                {...field('ownedThroughCompanyId')}
              />
            ) : null}
          </>
        ) : null}
        {server.message ? (
          <p role="alert" className="text-sm text-danger">
            {server.message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <GradientButton variant="outline" fullWidth onClick={() => onClose(false)}>
            {t('kyb.form.cancel')}
          </GradientButton>
          <GradientButton type="submit" fullWidth loading={save.isPending}>
            {t('kyb.people.save')}
          </GradientButton>
        </div>
      </form>
    </Sheet>
  );
}
