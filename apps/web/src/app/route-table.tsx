import type { ComponentType } from 'react';

/**
 * The pages that exist, by locale-free path. Every page is its own chunk: a person on one page
 * downloads only that page's code. The layout rules live in route-rules.ts.
 */
export const PAGE_ROUTES: Array<{ path: string; load: () => Promise<{ default: ComponentType }> }> = [
  { path: 'services-unavailable', load: () => import('@/features/status/routes/services-unavailable-page') },
  { path: 'user-blocked', load: () => import('@/features/status/routes/user-blocked-page') },
  { path: 'sandbox', load: () => import('@/features/sandbox/routes/sandbox-page') },
];

export const loadNotFoundPage = () => import('@/features/status/routes/not-found-page');
