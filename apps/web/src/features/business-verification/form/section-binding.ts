import type { KybCompanySection } from '@causeway/contracts';
import type { CompanyDrafts } from './drafts';

/** What a company step gets from the form: its draft, how to change it, and what to show on each field. */
export interface SectionBinding<S extends KybCompanySection> {
  draft: CompanyDrafts[S];
  /**
   * Edits the section's draft (the update gets it as it is then, so edits landing together, such as
   * two uploads ending, all count) after an edit of the field at `path` (`companyName`, `registeredAddress.city`).
   */
  change: (update: (draft: CompanyDrafts[S]) => CompanyDrafts[S], path: string) => void;
  /** The problem to show on the field at `path` now, if any. */
  errorOf: (path: string) => string | undefined;
  /** The reviewer asked for the field at `path` (or a part of it) to be corrected. */
  isRejected: (path: string) => boolean;
}

/** Sets one top-level field of a step's draft. */
export function setField<S extends KybCompanySection, K extends keyof CompanyDrafts[S]>(
  binding: SectionBinding<S>,
  field: K,
  value: CompanyDrafts[S][K],
): void {
  binding.change((draft) => ({ ...draft, [field]: value }), String(field));
}
