import { isValidTextField } from '@causeway/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { KYB_KEYS, useKybApi } from '../api/kyb-api';
import { isPastDate } from '../form/field-rules';
import type { PersonDraft } from './person-draft';

/** Typing rests this long before check-same is asked (one call per name, not per key). */
export const CHECK_SAME_DELAY_MS = 400;

/**
 * check-same for the person being edited, once their first name, last name and date of birth are
 * there: the roles the same human is already declared in (docs/rules/kyb.md: they verify once).
 * Empty while the three are not all valid, and on a failed call (it only informs).
 */
export function useSamePerson(draft: Pick<PersonDraft, 'firstName' | 'lastName' | 'dob'>, excludeId: string | undefined) {
  const api = useKybApi();
  const ready = isValidTextField(draft.firstName) && isValidTextField(draft.lastName) && isPastDate(draft.dob);
  const wanted = ready ? `${draft.firstName.trim()}\n${draft.lastName.trim()}\n${draft.dob}` : '';
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(wanted), CHECK_SAME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted]);
  const same = useQuery({
    queryKey: [...KYB_KEYS.checkSame, asked, excludeId ?? null],
    queryFn: ({ signal }) => {
      const [firstName = '', lastName = '', dob = ''] = asked.split('\n');
      return api.checkSame({ firstName, lastName, dob, ...(excludeId ? { excludeId } : {}) }, signal);
    },
    enabled: asked !== '' && asked === wanted,
    staleTime: 30_000,
    select: (answer) => answer.same,
  });
  return asked === wanted && same.data ? same.data : [];
}
