import { KYB_COMPANY_SECTIONS, KYB_SECTIONS, type KybApplication, type KybCompanySection, type KybSection } from '@causeway/contracts';
import { type CompanyDrafts, draftsOf } from './drafts';

/** The form's steps: the six sections in KYB_SECTIONS order, then Review & submit. */
export const FORM_STEPS = [...KYB_SECTIONS, 'Review'] as const;
export type FormStep = KybSection | 'Review';

export const isCompanySection = (step: FormStep): step is KybCompanySection => (KYB_COMPANY_SECTIONS as readonly string[]).includes(step);

/**
 * The onboarding form's state (the trade form's habit: one reducer, so no hook reads a later one):
 * where the person is, the company sections as typed, and which problems to show. A field's own
 * problem shows once it was typed in (spec §5) or once the person tried to leave its step; the
 * server's words for a field show until it is typed in again.
 */
export interface KybFormState {
  step: number;
  drafts: CompanyDrafts;
  /** `${section}.${path}` of every field typed in. */
  touched: ReadonlySet<string>;
  /** Sections whose save was tried: every problem of theirs shows. */
  attempted: ReadonlySet<KybCompanySection>;
  /** Sections changed since they were last saved. */
  dirty: ReadonlySet<KybCompanySection>;
  /** The server's refusals by `${section}.${path}`. */
  serverProblems: Readonly<Record<string, string>>;
  /** A refusal of the step that names no field. */
  stepMessage: string | undefined;
}

export type KybFormAction =
  | { type: 'change'; section: KybCompanySection; update: (draft: never) => unknown; path: string }
  | { type: 'goTo'; step: number }
  | { type: 'attempted'; section: KybCompanySection; message?: string | undefined }
  | { type: 'refused'; section: KybCompanySection; fields: Record<string, string>; message: string | undefined }
  | { type: 'saved'; section: KybCompanySection };

const withItem = <T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> => new Set([...set, item]);
const withoutItem = <T>(set: ReadonlySet<T>, item: T): ReadonlySet<T> => new Set([...set].filter((x) => x !== item));
const withoutPrefix = (problems: Readonly<Record<string, string>>, prefix: string) =>
  Object.fromEntries(Object.entries(problems).filter(([key]) => key !== prefix && !key.startsWith(`${prefix}.`)));

export function initialFormState(application: KybApplication, step = 0): KybFormState {
  return {
    step,
    drafts: draftsOf(application),
    touched: new Set(),
    attempted: new Set(),
    dirty: new Set(),
    serverProblems: {},
    stepMessage: undefined,
  };
}

export function kybFormReducer(state: KybFormState, action: KybFormAction): KybFormState {
  switch (action.type) {
    case 'change': {
      const key = `${action.section}.${action.path}`;
      return {
        ...state,
        drafts: { ...state.drafts, [action.section]: (action.update as (draft: unknown) => unknown)(state.drafts[action.section]) },
        touched: withItem(state.touched, key),
        dirty: withItem(state.dirty, action.section),
        serverProblems: withoutPrefix(state.serverProblems, key),
        stepMessage: undefined,
      };
    }
    case 'goTo':
      return { ...state, step: action.step, stepMessage: undefined };
    case 'attempted':
      return { ...state, attempted: withItem(state.attempted, action.section), stepMessage: action.message };
    case 'refused': {
      const prefixed = Object.fromEntries(Object.entries(action.fields).map(([path, text]) => [`${action.section}.${path}`, text]));
      return {
        ...state,
        attempted: withItem(state.attempted, action.section),
        serverProblems: { ...withoutPrefix(state.serverProblems, action.section), ...prefixed },
        stepMessage: action.message,
      };
    }
    case 'saved':
      return {
        ...state,
        dirty: withoutItem(state.dirty, action.section),
        serverProblems: withoutPrefix(state.serverProblems, action.section),
        stepMessage: undefined,
      };
  }
}
