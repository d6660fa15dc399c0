import type { KybCompany } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { errorText } from '@/lib/http-errors';
import { useApiMutation } from '@/lib/use-api-mutation';
import { ConfirmDialog, GradientButton } from '@/ui';
import { KYB_KEYS, useKybApi, useKybCompanies } from '../api/kyb-api';
import { useTranslation } from '../texts';
import { CompanyEditor } from './company-editor';

/**
 * The companies of the ownership chain (company/list, update, delete): a corporate owner of the
 * business, or of another company of the chain. An indirect owner names the company they hold their
 * share through; a company someone owns through cannot be removed (the server says so).
 */
export function OwnershipCompanies({ editable }: { editable: boolean }) {
  const { t } = useTranslation();
  const api = useKybApi();
  const queries = useQueryClient();
  const companies = useKybCompanies();
  const [editing, setEditing] = useState<KybCompany | 'new' | null>(null);
  const [removing, setRemoving] = useState<KybCompany | null>(null);
  const [notice, setNotice] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const removal = useApiMutation({
    mutationFn: (company: KybCompany) => api.deleteCompany(company.id),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: KYB_KEYS.companies });
      setNotice(t('kyb.companies.removed'));
      setRemoving(null);
      addButton.current?.focus();
    },
  });
  const list = companies.data ?? [];
  const nameOf = (id: string | null) =>
    id ? (list.find((company) => company.id === id)?.companyName ?? '…') : t('kyb.companies.theBusiness');
  const closeEditor = (saved: boolean) => {
    setEditing(null);
    if (saved) setNotice(t('kyb.companies.saved'));
    addButton.current?.focus();
  };

  return (
    <section aria-labelledby={titleId} className="mt-4 flex flex-col gap-3 border-t border-line pt-6">
      <h3 id={titleId} className="text-base font-semibold text-fg">
        {t('kyb.companies.title')}
      </h3>
      <p className="text-sm text-muted">{t('kyb.companies.intro')}</p>
      <p role="status" className="sr-only">
        {notice}
      </p>
      {list.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {list.map((company) => (
            <li key={company.id} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="font-semibold break-words text-fg">{company.companyName}</span>
                <span className="text-sm text-muted">
                  {t('kyb.companies.holds', {
                    percent: company.ownershipPercent,
                    type: t(`kyb.ownershipType.${company.ownershipType}`),
                    owned: nameOf(company.ownedThroughCompanyId),
                  })}
                </span>
                <span className="text-xs text-muted">{t('kyb.people.effective', { percent: company.effectivePercent })}</span>
              </div>
              {editable ? (
                <div className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    onClick={() => setEditing(company)}
                    aria-label={t('kyb.people.editNamed', { name: company.companyName })}
                    className="min-h-10 rounded-lg px-3 text-sm font-semibold text-primary hover:bg-surface-2"
                  >
                    {t('kyb.form.edit')}
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      removal.reset();
                      setRemoving(company);
                    }}
                    aria-label={t('kyb.people.removeNamed', { name: company.companyName })}
                    className="min-h-10 rounded-lg px-3 text-sm font-semibold text-danger hover:bg-surface-2"
                  >
                    {t('kyb.form.remove')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{t('kyb.companies.none')}</p>
      )}
      {editable ? (
        <GradientButton ref={addButton} variant="outline" className="self-start" onClick={() => setEditing('new')}>
          {t('kyb.companies.add')}
        </GradientButton>
      ) : null}
      {editing ? (
        <CompanyEditor
          company={editing === 'new' ? null : editing}
          others={list.filter((company) => editing === 'new' || company.id !== editing.id)}
          onClose={closeEditor}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('kyb.companies.removeTitle')}
        description={removal.isError ? errorText(removal.error, t) : t('kyb.people.removeQuestion', { name: removing?.companyName ?? '' })}
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
    </section>
  );
}
