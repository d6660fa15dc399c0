import { flushSync } from 'react-dom';

/**
 * For `<RouterProvider flushSync={routerFlushSync}>`: with it, `navigate(to, { flushSync: true })`
 * commits the new page before its promise resolves (useLogout relies on it). This is what
 * react-router/dom's RouterProvider passes; that entry is not used because its CommonJS build
 * loads a second copy of react-router under Vitest's VM pool.
 */
export function routerFlushSync(update: () => unknown): undefined {
  flushSync(update);
}
