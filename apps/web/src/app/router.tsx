import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '@/ui';
import { LocaleRoot } from './locale-root';
import { loadHomePage, loadNotFoundPage, PAGE_ROUTES } from './route-table';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** `/` and `/?lng=zh`: LocaleRoot adds the locale segment. */
export const routes: RouteObject[] = [
  { path: '/', element: <LocaleRoot />, children: [{ index: true, element: null }] },
  {
    path: '/:lng',
    element: <LocaleRoot />,
    // Shown while the first page's chunk loads.
    hydrateFallbackElement: (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner size="lg" />
      </div>
    ),
    children: [
      // The start page: the buy form with a live price (the sandbox tools are at sandbox).
      { index: true, lazy: lazyPage(loadHomePage) },
      ...PAGE_ROUTES.map(({ path, load }) => ({ path, lazy: lazyPage(load) })),
      { path: '*', lazy: lazyPage(loadNotFoundPage) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
