import type { KybIndividual, KybPersonType } from '@causeway/contracts';
import { useRef, useState } from 'react';
import { errorText } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, ErrorView, GradientButton, Spinner } from '@/ui';
import { useKybApi, useRefreshIndividuals, useKybCompanies, useKybIndividuals } from '../api/kyb-api';
import { useTranslation } from '../texts';
import { OwnershipCompanies } from './ownership-companies';
import { fullNameOf } from './person-draft';
import { PersonEditor } from './person-editor';

export interface PeopleStepProps {
  personType: KybPersonType;
  /** False once submitted: the list only. */
  editable: boolean;
  /** Owners at this share and above must be declared and verified. */
  thresholdPercent: number;
}

/**
 * A people step: the persons declared in this role, each saved on its own (individual/update), added
 * and edited in a sheet, removed after a question. The owners' step also lists the companies of the
 * ownership chain.
 */
export function PeopleStep({ personType, editable, thresholdPercent }: PeopleStepProps) {
  const { t } = useTranslation();
  const api = useKybApi();
  const refreshIndividuals = useRefreshIndividuals();
  const individuals = useKybIndividuals();
  const owners = personType === 'Ownership_Individual';
  const companies = useKybCompanies({ enabled: owners });
  const [editing, setEditing] = useState<KybIndividual | 'new' | null>(null);
  const [removing, setRemoving] = useState<KybIndividual | null>(null);
  const [notice, setNotice] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const removal = useApiMutation({
    mutationFn: (person: KybIndividual) => api.deleteIndividual(person.id),
    onSuccess: async () => {
      await refreshIndividuals();
      setNotice(t('kyb.people.removed'));
      setRemoving(null);
      addButton.current?.focus();
    },
  });

  if (individuals.isPending) return <Spinner size="lg" label={t('kyb.form.loading')} className="mx-auto my-8" />;
  if (individuals.isError)
    return <ErrorView headingLevel={3} title={t('kyb.people.loadFailed')} onRetry={() => void individuals.refetch()} />;
  const people = individuals.data.filter((person) => person.personType === personType);
  const closeEditor = (saved: boolean) => {
    setEditing(null);
    if (saved) setNotice(t('kyb.people.saved'));
    addButton.current?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t(`kyb.people.intro.${personType}`, { threshold: thresholdPercent })}</p>
      <p role="status" className="sr-only">
        {notice}
      </p>
      {people.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">{t('kyb.people.none')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {people.map((person) => (
            <li key={person.id} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <PersonSummary person={person} companyName={(id) => companies.data?.find((company) => company.id === id)?.companyName} />
              {editable ? (
                <div className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    onClick={() => setEditing(person)}
                    aria-label={t('kyb.people.editNamed', { name: fullNameOf(person) })}
                    className="min-h-10 rounded-lg px-3 text-sm font-semibold text-primary hover:bg-surface-2"
                  >
                    {t('kyb.form.edit')}
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      removal.reset();
                      setRemoving(person);
                    }}
                    aria-label={t('kyb.people.removeNamed', { name: fullNameOf(person) })}
                    className="min-h-10 rounded-lg px-3 text-sm font-semibold text-danger hover:bg-surface-2"
                  >
                    {t('kyb.form.remove')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <GradientButton ref={addButton} variant="outline" className="self-start" onClick={() => setEditing('new')}>
          {t(`kyb.people.add.${personType}`)}
        </GradientButton>
      ) : null}
      {owners ? <OwnershipCompanies editable={editable} /> : null}
      {editing ? (
        <PersonEditor
          personType={personType}
          person={editing === 'new' ? null : editing}
          companies={companies.data ?? []}
          onClose={closeEditor}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('kyb.people.removeTitle')}
        description={
          removal.isError ? errorText(removal.error, t) : t('kyb.people.removeQuestion', { name: removing ? fullNameOf(removing) : '' })
        }
        confirmLabel={t('kyb.form.remove')}
        cancelLabel={t('kyb.form.cancel')}
        onConfirm={() =>
          removing
            ? removal.mutateAsync(removing).then(
                () => undefined,
                () => undefined,
              )
            : undefined
        }
      />
    </div>
  );
}

/** One declared person in a list: name, what they hold, where their link goes. */
export function PersonSummary({ person, companyName }: { person: KybIndividual; companyName?: (id: string) => string | undefined }) {
  const { t } = useTranslation();
  const holding =
    person.ownershipPercent !== null
      ? [
          t('kyb.people.share', { percent: person.ownershipPercent }),
          person.ownershipType ? t(`kyb.ownershipType.${person.ownershipType}`) : null,
          person.ownedThroughCompanyId ? t('kyb.people.through', { company: companyName?.(person.ownedThroughCompanyId) ?? '…' }) : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : person.position;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-0.5">
      <span className="font-semibold break-words text-fg">{fullNameOf(person)}</span>
      {holding ? <span className="text-sm text-muted">{holding}</span> : null}
      <span className="text-sm break-all text-muted">{person.email}</span>
      {person.effectivePercent !== null && person.ownedThroughCompanyId ? (
        <span className="text-xs text-muted">{t('kyb.people.effective', { percent: person.effectivePercent })}</span>
      ) : null}
      {person.mustVerify ? <span className="text-xs font-medium text-primary">{t('kyb.people.mustVerify')}</span> : null}
    </div>
  );
}
