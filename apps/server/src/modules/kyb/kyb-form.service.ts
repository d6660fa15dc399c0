import {
  effectiveShare,
  ErrorCode,
  KYB_MAX_COMPANIES,
  KYB_MAX_INDIVIDUALS,
  type KybApplication,
  type KybBasicInfoUpdate,
  type KybCompany,
  type KybCompanyInput,
  type KybIndividual,
  type KybIndividualInput,
  type KybInfo,
  type KybPersonType,
} from '@causeway/contracts';
import { AppError } from '../../platform/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { newId } from '../../platform/crypto.ts';
import type { RunInTransaction } from '../../platform/transaction.ts';
import type { StorageProvider } from '../../providers/storage/index.ts';
import { checkStoredDocument, keyBelongsTo, type SubmittedDocuments } from '../uploads/index.ts';
import { identityKeyOf } from './kyb-people.ts';
import { companyIdentifierProblem, individualProblem, mustVerify, sharedEvidenceProblem } from './kyb-rules.ts';
import { editModeOf, thresholdOf } from './kyb-status.ts';
import type { KybApplicationRow, KybCompanyRow, KybIndividualRow, KybPersonRow, KybRepository, KybStatusRow } from './kyb.repository.ts';

/** kyb_profiles as the contracts' kybInfo. */
export const kybInfoOf = (row: KybStatusRow | undefined): KybInfo => ({
  kybBasicStatus: (row?.kybBasicStatus ?? 'Initial') as KybInfo['kybBasicStatus'],
  kybStandardStatus: (row?.kybStandardStatus ?? null) as KybInfo['kybStandardStatus'],
  eddStatus: (row?.eddStatus ?? null) as KybInfo['eddStatus'],
  verificationStatus: (row?.verificationStatus ?? 'Initial') as KybInfo['verificationStatus'],
  eddFailReason: row?.eddFailReason ?? null,
  verificationFailReason: row?.verificationFailReason ?? null,
});

/** Whether a company holding its share through `through` would (through others) own a share of itself. */
function ownsItself(id: string, through: string | null, companies: readonly KybCompanyRow[]): boolean {
  const seen = new Set<string>();
  for (let next = through; next !== null; next = companies.find((row) => row.id === next)?.ownedThroughCompanyId ?? null) {
    if (next === id || seen.has(next)) return true;
    seen.add(next);
  }
  return false;
}

/**
 * A draft section saved over the stored one: a field left out stays, a null clears it (the stored form holds no
 * nulls), except businessAddress, whose null means "the registered address".
 */
function merged<Section extends object>(stored: Section, update: object): Section {
  const result: Record<string, unknown> = { ...(stored as Record<string, unknown>), ...update };
  for (const [key, value] of Object.entries(update)) if (value === null && key !== 'businessAddress') delete result[key];
  return result as Section;
}

/** The files a company section names: every one must be the business's own upload, stored and of an accepted kind. */
function filesOf(update: KybBasicInfoUpdate): string[] {
  if (update.section === 'BusinessData') return Object.values(update.data.documents ?? {}).flat();
  if (update.section === 'BusinessProfileFinancials')
    return [...(update.data.sourceOfFundsFiles ?? []), ...(update.data.sourceOfWealthFiles ?? [])];
  return [];
}

/**
 * The onboarding form as the business fills it (docs/rules/kyb.md): sections saved as it goes, its
 * people and the companies of its ownership chain, each change checked and refused once the form is
 * in review. Every change runs under the business's row lock, so a submit never sees half an edit.
 */
export function createKybForm(deps: {
  repository: KybRepository;
  clock: Clock;
  storage: StorageProvider;
  uploads: SubmittedDocuments;
  transaction: RunInTransaction;
}) {
  const { repository, clock, transaction } = deps;

  /** The form under its lock, refused unless `needed` changes are open now. */
  async function lockedForEdit(userId: string, needed: 'all' | 'owners'): Promise<KybApplicationRow> {
    await repository.applicationOf(userId, clock.now());
    const application = (await repository.lockApplication(userId))!;
    const status = await repository.statusOf(userId);
    const mode = editModeOf(application, status?.verificationStatus ?? 'Initial');
    if (mode === 'all' || (mode === 'owners' && needed === 'owners')) return application;
    throw new AppError(ErrorCode.KybNotEditable);
  }

  /** Files must be the business's own, stored, and accepted; they are then kept (not deleted as unsubmitted uploads). */
  async function claimFiles(userId: string, named: string[]): Promise<void> {
    const files = [...new Set(named)];
    for (const file of files) {
      if (!keyBelongsTo(file, userId, 'kyb')) throw new AppError(ErrorCode.DocumentFileUnknown);
      const stored = await checkStoredDocument(deps.storage, file);
      if (!stored.ok) throw new AppError(stored.errorName, stored.message);
    }
    if (files.length)
      await deps.uploads.markSubmitted(
        userId,
        files.map((filePath) => ({ filePath, purpose: 'kyb' })),
        clock.now(),
      );
  }

  async function view(userId: string): Promise<KybApplication> {
    const application = await repository.applicationOf(userId, clock.now());
    const status = await repository.statusOf(userId);
    const kybInfo = kybInfoOf(status);
    return {
      generalData: application.generalData,
      businessData: application.businessData,
      businessProfileFinancials: application.financials,
      declarations: { allOwnersDeclared: application.allOwnersDeclared, informationAccurate: application.informationAccurate },
      editable: editModeOf(application, kybInfo.verificationStatus) === 'all',
      submittedAt: application.submittedAt?.toISOString() ?? null,
      ownershipThresholdPercent: thresholdOf(application),
      rejectedFields: application.rejectedFields,
      kybInfo,
    };
  }

  const individualOf = (
    row: KybIndividualRow,
    person: KybPersonRow | undefined,
    companies: KybCompanyRow[],
    threshold: number,
  ): KybIndividual => ({
    id: row.id,
    personType: row.personType as KybPersonType,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    dob: row.dob,
    nationality: row.nationality,
    countryOfBirth: row.countryOfBirth,
    position: row.position,
    pesel: row.pesel,
    email: row.email,
    ownershipPercent: row.ownershipPercent === null ? null : Number(row.ownershipPercent).toString(),
    ownershipType: row.ownershipType as KybIndividual['ownershipType'],
    ownedThroughCompanyId: row.ownedThroughCompanyId,
    effectivePercent: row.personType === 'Ownership_Individual' ? effectiveShare(row, companies) : null,
    mustVerify: mustVerify(row, companies, threshold),
    verificationStatus: (person?.kycStatus ?? 'Initial') as KybIndividual['verificationStatus'],
    emailSentAt: person?.emailSentAt?.toISOString() ?? null,
  });

  const companyOf = (row: KybCompanyRow, companies: KybCompanyRow[]): KybCompany => ({
    id: row.id,
    companyName: row.companyName,
    registrationNumber: row.registrationNumber,
    jurisdiction: row.jurisdiction,
    ownershipPercent: Number(row.ownershipPercent).toString(),
    ownershipType: row.ownershipType as KybCompany['ownershipType'],
    ownedThroughCompanyId: row.ownedThroughCompanyId,
    effectivePercent: effectiveShare(row, companies),
    documents: row.documents,
  });

  async function individuals(userId: string, personType?: KybPersonType): Promise<KybIndividual[]> {
    const application = await repository.applicationOf(userId, clock.now());
    const [rows, people, companies] = await Promise.all([
      repository.individualsOf(userId),
      repository.peopleOf(userId),
      repository.companiesOf(userId),
    ]);
    const threshold = thresholdOf(application);
    return rows
      .filter((row) => !personType || row.personType === personType)
      .map((row) =>
        individualOf(
          row,
          people.find((person) => person.id === row.personId),
          companies,
          threshold,
        ),
      );
  }

  return {
    view,
    individuals,

    async update(userId: string, update: KybBasicInfoUpdate): Promise<KybApplication> {
      await transaction(async () => {
        const application = await lockedForEdit(userId, 'all');
        await claimFiles(userId, filesOf(update));
        const now = clock.now();
        if (update.section === 'GeneralData') {
          const generalData = merged(application.generalData, update.data);
          const problem = companyIdentifierProblem(generalData);
          if (problem) throw new AppError(ErrorCode.KybRuleBroken, problem);
          await repository.updateApplication(userId, { generalData, updatedAt: now });
        } else if (update.section === 'BusinessData') {
          // Documents merge by type: a type left out keeps its files, a null clears them.
          const documents = update.data.documents && merged(application.businessData.documents ?? {}, update.data.documents);
          const businessData = merged(application.businessData, { ...update.data, ...(documents ? { documents } : {}) });
          await repository.updateApplication(userId, { businessData, updatedAt: now });
        } else if (update.section === 'BusinessProfileFinancials') {
          const financials = merged(application.financials, update.data);
          const problem = sharedEvidenceProblem(financials);
          if (problem) throw new AppError(ErrorCode.KybRuleBroken, problem);
          await repository.updateApplication(userId, { financials, updatedAt: now });
        } else {
          await repository.updateApplication(userId, { ...update.data, updatedAt: now });
        }
      });
      return view(userId);
    },

    async saveIndividual(userId: string, input: KybIndividualInput): Promise<KybIndividual> {
      const id = await transaction(async () => {
        await lockedForEdit(userId, input.personType === 'Ownership_Individual' ? 'owners' : 'all');
        const existing = await repository.individualsOf(userId);
        const current = input.id ? existing.find((row) => row.id === input.id) : undefined;
        if (input.id && !current) throw new AppError(ErrorCode.KybEntryNotFound);
        if (!current && existing.length >= KYB_MAX_INDIVIDUALS)
          throw new AppError(ErrorCode.KybRuleBroken, `At most ${KYB_MAX_INDIVIDUALS} people may be declared`);
        const fields = {
          personType: input.personType,
          firstName: input.firstName,
          middleName: input.middleName ?? null,
          lastName: input.lastName,
          dob: input.dob,
          nationality: input.nationality,
          countryOfBirth: input.countryOfBirth,
          position: input.position ?? null,
          pesel: input.pesel ?? null,
          email: input.email,
          ownershipPercent: input.ownershipPercent ?? null,
          ownershipType: input.ownershipType ?? null,
          ownedThroughCompanyId: input.ownedThroughCompanyId ?? null,
        };
        const problem = individualProblem(fields);
        if (problem) throw new AppError(ErrorCode.KybRuleBroken, problem);
        const companies = await repository.companiesOf(userId);
        if (fields.ownedThroughCompanyId && !companies.some((company) => company.id === fields.ownedThroughCompanyId))
          throw new AppError(ErrorCode.KybEntryNotFound, 'ownedThroughCompanyId: no such company in the ownership chain');
        const now = clock.now();
        const person = await repository.personFor(userId, identityKeyOf(fields), newId('kbp'), now);
        const id = current?.id ?? newId('kbi');
        if (current) await repository.updateIndividual(id, { ...fields, personId: person.id });
        else await repository.insertIndividual({ id, businessUserId: userId, personId: person.id, ...fields, createdAt: now });
        await repository.removeUnusedPeople(userId);
        await repository.updateApplication(userId, { updatedAt: now });
        return id;
      });
      return (await individuals(userId)).find((row) => row.id === id)!;
    },

    async deleteIndividual(userId: string, id: string): Promise<void> {
      await transaction(async () => {
        const row = (await repository.individualsOf(userId)).find((individual) => individual.id === id);
        if (!row) throw new AppError(ErrorCode.KybEntryNotFound);
        await lockedForEdit(userId, 'all');
        await repository.deleteIndividual(id);
        await repository.removeUnusedPeople(userId);
      });
    },

    /** check-same: the declared roles of the human with this name and date of birth. */
    async checkSame(userId: string, input: { firstName: string; lastName: string; dob: string; excludeId?: string | undefined }) {
      const key = identityKeyOf(input);
      const people = await repository.peopleOf(userId);
      const person = people.find((candidate) => candidate.identityKey === key);
      if (!person) return { same: [] };
      const rows = (await repository.individualsOf(userId)).filter((row) => row.personId === person.id && row.id !== input.excludeId);
      return {
        same: rows.map((row) => ({
          id: row.id,
          personType: row.personType as KybPersonType,
          verificationStatus: person.kycStatus as KybIndividual['verificationStatus'],
        })),
      };
    },

    async companies(userId: string): Promise<KybCompany[]> {
      const rows = await repository.companiesOf(userId);
      return rows.map((row) => companyOf(row, rows));
    },

    async saveCompany(userId: string, input: KybCompanyInput): Promise<KybCompany> {
      const id = await transaction(async () => {
        await lockedForEdit(userId, 'owners');
        const existing = await repository.companiesOf(userId);
        const current = input.id ? existing.find((row) => row.id === input.id) : undefined;
        if (input.id && !current) throw new AppError(ErrorCode.KybEntryNotFound);
        if (!current && existing.length >= KYB_MAX_COMPANIES)
          throw new AppError(ErrorCode.KybRuleBroken, `At most ${KYB_MAX_COMPANIES} companies may be declared`);
        const through = input.ownedThroughCompanyId ?? null;
        if (through !== null && (!existing.some((row) => row.id === through) || through === input.id))
          throw new AppError(ErrorCode.KybEntryNotFound, 'ownedThroughCompanyId: no such company in the ownership chain');
        if ((input.ownershipType === 'INDIRECT') !== (through !== null))
          throw new AppError(
            ErrorCode.KybRuleBroken,
            'ownedThroughCompanyId: an indirect owner holds its share through a company of the chain',
          );
        await claimFiles(userId, input.documents ?? []);
        const fields = {
          companyName: input.companyName,
          registrationNumber: input.registrationNumber,
          jurisdiction: input.jurisdiction,
          ownershipPercent: input.ownershipPercent,
          ownershipType: input.ownershipType,
          ownedThroughCompanyId: through,
          documents: input.documents ?? [],
        };
        if (current && ownsItself(current.id, through, existing))
          throw new AppError(ErrorCode.KybRuleBroken, 'ownedThroughCompanyId: the ownership chain may not loop');
        if (current) {
          await repository.updateCompany(current.id, fields);
          return current.id;
        }
        const id = newId('kbc');
        await repository.insertCompany({ id, businessUserId: userId, ...fields, createdAt: clock.now() });
        return id;
      });
      return (await this.companies(userId)).find((company) => company.id === id)!;
    },

    async deleteCompany(userId: string, id: string): Promise<void> {
      await transaction(async () => {
        await lockedForEdit(userId, 'all');
        const companies = await repository.companiesOf(userId);
        if (!companies.some((company) => company.id === id)) throw new AppError(ErrorCode.KybEntryNotFound);
        const owners = [...(await repository.individualsOf(userId)), ...companies];
        if (owners.some((owner) => owner.ownedThroughCompanyId === id))
          throw new AppError(ErrorCode.KybRuleBroken, 'Someone is declared as owning through this company: change them first');
        await repository.deleteCompany(id);
      });
    },
  };
}

export type KybForm = ReturnType<typeof createKybForm>;
