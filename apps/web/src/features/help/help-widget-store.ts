import { HELP_TOPIC_MAX_LENGTH } from '@causeway/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The help widget's state (docs/rules/screens.md and docs/rules/order-states.md), held outside React so the window setters work before the
 * widget's chunk has loaded (or before any layout has rendered): a call only records what to
 * show, and the widget reads it when it mounts. Part of the always-loaded code: keep it tiny.
 */

/** The launcher's and the panel's element ids (the panel returns focus to the launcher on close). */
export const HELP_LAUNCHER_ID = 'causeway-help-launcher';
export const HELP_PANEL_ID = 'causeway-help-panel';

export type HelpTab = 'home' | 'help';

/** A page shown over the tab content; null shows the tabs. */
export type HelpSecondaryPage =
  | null
  | { type: 'article'; id: number }
  | { type: 'search'; keyword: string }
  /** The support form; `topic` fills its topic field (a page's own Contact support says what it is about). */
  | { type: 'support'; topic?: string }
  | { type: 'feedback' };

/**
 * Where the widget stands (docs/rules/order-states.md "loading, ready"): idle until first opened, loading while its
 * chunk or its first data loads (the launcher spins), ready after. Open or closed is `open`.
 */
export type HelpWidgetStatus = 'idle' | 'loading' | 'ready';

export interface HelpWidgetState {
  open: boolean;
  tab: HelpTab;
  secondaryPage: HelpSecondaryPage;
  status: HelpWidgetStatus;
  /** A support or feedback request is being sent: Back waits, so its outcome is not lost. */
  sending: boolean;
}

const INITIAL: HelpWidgetState = { open: false, tab: 'home', secondaryPage: null, status: 'idle', sending: false };

let state = INITIAL;
const listeners = new Set<() => void>();

function update(patch: Partial<HelpWidgetState>) {
  const next = { ...state, ...patch };
  if ((Object.keys(patch) as Array<keyof HelpWidgetState>).every((key) => next[key] === state[key])) return;
  state = next;
  listeners.forEach((listener) => listener());
}

export const getHelpWidgetState = (): HelpWidgetState => state;

function subscribeHelpWidget(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const useHelpWidgetState = (): HelpWidgetState => useSyncExternalStore(subscribeHelpWidget, getHelpWidgetState, getHelpWidgetState);

/**
 * A page as the window setters may pass it, or undefined when it is none: a merchant's script
 * can hand us anything. A search keyword is trimmed; a blank one is no page (docs/rules/validation.md).
 */
function toSecondaryPage(value: unknown): HelpSecondaryPage | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const page = value as { type?: unknown; id?: unknown; keyword?: unknown; topic?: unknown };
  switch (page.type) {
    case 'article':
      return typeof page.id === 'number' && Number.isSafeInteger(page.id) && page.id > 0 ? { type: 'article', id: page.id } : undefined;
    case 'search': {
      const keyword = typeof page.keyword === 'string' ? page.keyword.trim() : '';
      return keyword === '' ? undefined : { type: 'search', keyword };
    }
    case 'support': {
      // A topic the form would refuse (not text, blank, too long) is dropped: the form opens empty.
      const topic = typeof page.topic === 'string' ? page.topic.trim() : '';
      return topic !== '' && topic.length <= HELP_TOPIC_MAX_LENGTH ? { type: 'support', topic } : { type: 'support' };
    }
    case 'feedback':
      return { type: page.type };
    default:
      return undefined;
  }
}

/** Shows or hides the panel; the first opening loads the widget. Anything but a boolean is ignored (a merchant's script may pass 'false'). */
export function setHelpOpen(open: boolean) {
  if (typeof open === 'boolean') update({ open });
}
/** Selects a tab; anything but 'home' or 'help' is ignored. */
export function setHelpTab(tab: HelpTab) {
  if (tab === 'home' || tab === 'help') update({ tab });
}
/** Shows a page over the tabs (null goes back to them); an invalid page is ignored. */
export function setHelpSecondaryPage(page: HelpSecondaryPage) {
  const valid = toSecondaryPage(page);
  if (valid !== undefined) update({ secondaryPage: valid });
}
export const setHelpWidgetStatus = (status: HelpWidgetStatus) => update({ status });
export const setHelpSending = (sending: boolean) => update({ sending });

/** Back to the initial state (closed, Home, no page). For tests. */
export function resetHelpWidgetState() {
  state = INITIAL;
  listeners.forEach((listener) => listener());
}
