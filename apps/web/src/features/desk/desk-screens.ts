import type { DeskOperatorView, DeskPermission } from '@causeway/contracts';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

/** What a desk screen is given: the URL segments after its own, and its own URL (to link within it). */
export interface DeskScreenProps {
  /** `people/usr_x` → ['usr_x'] for the people screen. */
  rest: readonly string[];
  /** `/en/desk/people`. */
  base: string;
  /** The signed-in operator, with their role's permissions (what the screen may offer). */
  operator: DeskOperatorView;
}

/**
 * A screen of the desk: its URL segment (/:lng/desk/<path>), the permission the operator's role needs to
 * see it in the menu (the server checks the same permission on the screen's calls), its name in the
 * menu (a text key), and the screen itself, its own chunk. docs/rules/operator-desk.md "Adding a review
 * screen": a new screen is one more entry here.
 */
export interface DeskScreen {
  path: string;
  permission: DeskPermission;
  label: string;
  Screen: LazyExoticComponent<ComponentType<DeskScreenProps>>;
}

const screen = (load: () => Promise<{ default: ComponentType<DeskScreenProps> }>) => lazy(load);

/** The desk's screens, in the menu's order: the first one the role may see is where the desk opens. */
export const DESK_SCREENS: readonly DeskScreen[] = [
  { path: 'people', permission: 'people:read', label: 'desk.nav.people', Screen: screen(() => import('./components/people-screen')) },
  {
    path: 'orders',
    permission: 'orders:read',
    label: 'desk.nav.orders',
    Screen: screen(() => import('./components/orders-waiting-screen')),
  },
  {
    path: 'verifications',
    permission: 'reviews:decide',
    label: 'desk.nav.verifications',
    Screen: screen(() => import('./components/verifications-screen')),
  },
  {
    path: 'questionnaires',
    permission: 'reviews:decide',
    label: 'desk.nav.questionnaires',
    Screen: screen(() => import('./components/questionnaire-screen')),
  },
  { path: 'edd', permission: 'reviews:decide', label: 'desk.nav.edd', Screen: screen(() => import('./components/edd-screen')) },
  {
    path: 'trial-balance',
    permission: 'ledger:read',
    label: 'desk.nav.trialBalance',
    Screen: screen(() => import('./components/trial-balance-screen')),
  },
  {
    path: 'audit-log',
    permission: 'audit:read-own',
    label: 'desk.nav.auditLog',
    Screen: screen(() => import('./components/audit-log-screen')),
  },
  {
    path: 'operators',
    permission: 'operators:manage',
    label: 'desk.nav.operators',
    Screen: screen(() => import('./components/operators-screen')),
  },
  { path: 'service', permission: 'config:change', label: 'desk.nav.service', Screen: screen(() => import('./components/config-screen')) },
  { path: 'fees', permission: 'config:change', label: 'desk.nav.fees', Screen: screen(() => import('./components/fees-screen')) },
];

/** The screens an operator with these permissions may open, in the menu's order. */
export const screensFor = (permissions: readonly string[]): DeskScreen[] =>
  DESK_SCREENS.filter((entry) => permissions.includes(entry.permission));
