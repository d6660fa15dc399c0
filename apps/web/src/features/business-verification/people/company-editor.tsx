import { type KybCompany, type KybCompanyInput, registrationNumberProblem, TEXT_FIELD_MAX_LENGTH } from '@causeway/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCountries } from '@/lib/use-countries';
import { useApiMutation } from '@/lib/use-api-mutation';
import { countryNameOf, GradientButton, Sheet, type UploadedFile } from '@/ui';
import { KYB_KEYS, useKybApi, useOwnershipTypes } from '../api/kyb-api';
import { DocumentField } from '../components/document-field';
import { CountryField, SelectField, TextField } from '../components/fields';
import { useKybUpload } from '../components/use-kyb-upload';
import { donePaths, savedFiles } from '../form/drafts';
import { fieldChecks, firstProblem } from '../form/field-rules';
import { serverProblemsOf } from '../form/server-problems';
import { useTranslation } from '../texts';

interface CompanyDraft {
  companyName: string;
  registrationNumber: string;
  jurisdiction: string;
  ownershipPercent: string;
  ownershipType: string;
  /** '' : it owns a share of the business itself. */
  ownedThroughCompanyId: string;
}

export interface CompanyEditorProps {
  /** The company edited; null adds one. */
  company: KybCompany | null;
  /** The chain's other companies, which this one may own a share of. */
  others: readonly KybCompany[];
  onClose: (saved: boolean) => void;
}

/** Adds or edits a company of the ownership chain (company/update), in a sheet. */
export function CompanyEditor({ company, others, onClose }: CompanyEditorProps) {
  const { t, i18n } = useTranslation();
  const api = useKybApi();
  const queries = useQueryClient();
  const countries = useCountries().data ?? [];
  const ownershipTypes = useOwnershipTypes('COMPANY');
  const upload = useKybUpload();
  const [draft, setDraft] = useState<CompanyDraft>(() => ({
    companyName: company?.companyName ?? '',
    registrationNumber: company?.registrationNumber ?? '',
    jurisdiction: company?.jurisdiction ?? '',
    ownershipPercent: company?.ownershipPercent ?? '',
    ownershipType: company?.ownershipType ?? '',
    ownedThroughCompanyId: company?.ownedThroughCompanyId ?? '',
  }));
  const [documents, setDocuments] = useState<UploadedFile[]>(() => savedFiles(company?.documents));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [server, setServer] = useState<{ fields: Record<string, string>; message: string | undefined }>({ fields: {}, message: undefined });

  const checks = fieldChecks(t);
  const registrationProblem = (value: string) => {
    const problem = draft.jurisdiction ? registrationNumberProblem(draft.jurisdiction, value) : null;
    if (!problem) return undefined;
    const country = countryNameOf(countries, draft.jurisdiction, i18n.language);
    return i18n.language.startsWith('en') ? problem : t('kyb.problems.registrationNumber', { country });
  };
  const problems: Record<string, string | undefined> = {
    companyName: firstProblem(draft.companyName, checks.required, checks.text),
    registrationNumber: firstProblem(draft.registrationNumber, checks.required, checks.identifier, registrationProblem),
    jurisdiction: checks.required(draft.jurisdiction),
    ownershipPercent: firstProblem(draft.ownershipPercent, checks.required, checks.percent),
    ownershipType: checks.required(draft.ownershipType),
    documents: documents.some((file) => file.status === 'uploading') ? t('kyb.form.uploading') : undefined,
  };
  const hasProblems = Object.values(problems).some(Boolean);

  const body = (): KybCompanyInput => ({
    ...(company ? { id: company.id } : {}),
    companyName: draft.companyName.trim(),
    registrationNumber: draft.registrationNumber.trim(),
    jurisdiction: draft.jurisdiction,
    ownershipPercent: draft.ownershipPercent.trim(),
    ownershipType: draft.ownershipType as KybCompanyInput['ownershipType'],
    ownedThroughCompanyId: draft.ownedThroughCompanyId || null,
    documents: donePaths(documents),
  });
  const save = useApiMutation({
    mutationFn: () => api.saveCompany(body()),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: KYB_KEYS.companies });
      onClose(true);
    },
    onError: (error) => setServer(serverProblemsOf(error, t, { isField: (path) => path in draft })),
  });
  const field = (name: keyof CompanyDraft) => ({
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
    if (hasProblems || save.isPending) return;
    save.mutate();
  };

  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : onClose(false))}
      title={t(company ? 'kyb.companies.editTitle' : 'kyb.companies.addTitle')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField label={t('kyb.fields.company.companyName')} maxLength={TEXT_FIELD_MAX_LENGTH} {...field('companyName')} />
        <CountryField label={t('kyb.fields.company.jurisdiction')} countries={countries} {...field('jurisdiction')} />
        <TextField label={t('kyb.fields.company.registrationNumber')} maxLength={40} {...field('registrationNumber')} />
        <TextField label={t('kyb.fields.company.ownershipPercent')} inputMode="decimal" maxLength={6} {...field('ownershipPercent')} />
        <SelectField
          label={t('kyb.fields.company.ownershipType')}
          placeholder={t('kyb.form.select')}
          options={(ownershipTypes.data ?? []).map((type) => ({ value: type, label: t(`kyb.ownershipType.${type}`) }))}
          {...field('ownershipType')}
        />
        <SelectField
          label={t('kyb.fields.company.ownedThroughCompanyId')}
          placeholder={t('kyb.companies.ownsBusiness')}
          options={others.map((other) => ({ value: other.id, label: other.companyName }))}
          {...field('ownedThroughCompanyId')}
        />
        <DocumentField
          label={t('kyb.fields.company.documents')}
          files={documents}
          onChange={setDocuments}
          upload={upload}
          optional
          error={attempted ? problems.documents : undefined}
        />
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
            {t('kyb.companies.save')}
          </GradientButton>
        </div>
      </form>
    </Sheet>
  );
}
