import { isValidPesel, type KybIndividual, type KybIndividualInput, type KybPersonType } from '@causeway/contracts';
import { type FieldChecks, firstProblem, isPastDate, type Translate } from '../form/field-rules';

/** A director, owner or authorised trader as typed in the editor: every input a string. */
export interface PersonDraft {
  firstName: string;
  middleName: string;
  lastName: string;
  dob: string;
  nationality: string;
  countryOfBirth: string;
  position: string;
  pesel: string;
  email: string;
  ownershipPercent: string;
  ownershipType: string;
  ownedThroughCompanyId: string;
}

/** Directors and authorised traders hold a position; owners a share. */
export const holdsPosition = (personType: KybPersonType): boolean => personType !== 'Ownership_Individual';
export const isOwner = (personType: KybPersonType): boolean => personType === 'Ownership_Individual';
/** docs/rules/kyb.md: a Polish national gives their PESEL. */
export const needsPesel = (draft: Pick<PersonDraft, 'nationality'>): boolean => draft.nationality === 'PL';

export function personDraftOf(person: KybIndividual | null): PersonDraft {
  return {
    firstName: person?.firstName ?? '',
    middleName: person?.middleName ?? '',
    lastName: person?.lastName ?? '',
    dob: person?.dob ?? '',
    nationality: person?.nationality ?? '',
    countryOfBirth: person?.countryOfBirth ?? '',
    position: person?.position ?? '',
    pesel: person?.pesel ?? '',
    email: person?.email ?? '',
    ownershipPercent: person?.ownershipPercent ?? '',
    ownershipType: person?.ownershipType ?? '',
    ownedThroughCompanyId: person?.ownedThroughCompanyId ?? '',
  };
}

/** What the editor finds wrong before saving, by field (every required field is required to save: the contract has no half person). */
export function personProblems(draft: PersonDraft, personType: KybPersonType, checks: FieldChecks, t: Translate): Record<string, string> {
  const problems: Record<string, string> = {};
  const add = (field: keyof PersonDraft, ...found: Array<string | undefined>) => {
    const problem = found.find(Boolean);
    if (problem) problems[field] = problem;
  };
  add('firstName', firstProblem(draft.firstName, checks.required, checks.text));
  add('middleName', checks.text(draft.middleName));
  add('lastName', firstProblem(draft.lastName, checks.required, checks.text));
  add('dob', firstProblem(draft.dob, checks.required, checks.pastDate));
  add('nationality', checks.required(draft.nationality));
  add('countryOfBirth', checks.required(draft.countryOfBirth));
  add('email', firstProblem(draft.email, checks.required, checks.email));
  if (holdsPosition(personType)) add('position', firstProblem(draft.position, checks.required, checks.text));
  if (needsPesel(draft)) {
    const peselProblem = () => {
      if (isValidPesel(draft.pesel))
        return isPastDate(draft.dob) && !isValidPesel(draft.pesel, draft.dob) ? t('kyb.problems.peselDob') : undefined;
      return t('kyb.problems.pesel');
    };
    add('pesel', firstProblem(draft.pesel, checks.required, peselProblem));
  }
  if (isOwner(personType)) {
    add('ownershipPercent', firstProblem(draft.ownershipPercent, checks.required, checks.percent));
    add('ownershipType', checks.required(draft.ownershipType));
    if (draft.ownershipType === 'INDIRECT') add('ownedThroughCompanyId', checks.required(draft.ownedThroughCompanyId));
  }
  return problems;
}

/** The individual/update body: optional fields the role does not have are sent as null. */
export function personInputOf(draft: PersonDraft, personType: KybPersonType, id: string | undefined): KybIndividualInput {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  const owner = isOwner(personType);
  return {
    ...(id ? { id } : {}),
    personType,
    firstName: draft.firstName.trim(),
    middleName: orNull(draft.middleName),
    lastName: draft.lastName.trim(),
    dob: draft.dob,
    nationality: draft.nationality,
    countryOfBirth: draft.countryOfBirth,
    position: holdsPosition(personType) ? orNull(draft.position) : null,
    pesel: needsPesel(draft) ? orNull(draft.pesel.replace(/\s/g, '')) : null,
    email: draft.email.trim(),
    ownershipPercent: owner ? orNull(draft.ownershipPercent) : null,
    ownershipType: owner && draft.ownershipType ? (draft.ownershipType as KybIndividualInput['ownershipType']) : null,
    ownedThroughCompanyId: owner && draft.ownershipType === 'INDIRECT' ? orNull(draft.ownedThroughCompanyId) : null,
  };
}

/** The name a person goes by in lists: first, middle and last. */
export const fullNameOf = (person: Pick<KybIndividual, 'firstName' | 'middleName' | 'lastName'>): string =>
  [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ');
