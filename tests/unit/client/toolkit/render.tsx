import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, waitFor } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router-dom';
import { expect, vi } from 'vitest';
import Toasts from '../../../../src/client/app/Toasts';
import { i18n } from '../../../../src/client/lib/i18n/i18n';

/** A route of the test: a component or an element at a path pattern, or a layout (element) around child routes. */
export type TestRoute =
  | ({ path: string } & ({ Component: ComponentType } | { element: ReactElement }))
  | { path?: string; element: ReactElement; children: TestRoute[] };

export interface RenderOptions {
  /** The language of the strings (each test starts in English: tests/setup/client.ts). */
  lang?: 'en' | 'zh';
  /** How long query answers stay fresh (default 0, as in the app; Infinity to never ask again). */
  staleTime?: number;
}

/** Shows the current path and query so a test can see where a link or a redirect went. */
function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Each screen (a leaf route) shows the location too; a layout keeps its element and wraps its children. */
const withLocation = (route: TestRoute): RouteObject =>
  'children' in route
    ? { path: route.path, element: route.element, children: route.children.map(withLocation) }
    : {
        path: route.path,
        element: (
          <>
            {'Component' in route ? <route.Component /> : route.element}
            <WhereAmI />
          </>
        ),
      };

/**
 * Renders `routes` at `url` as the app does: a memory router, a fresh query cache (no retries), the Telegram UI
 * root and the Toaster. Every screen shows where it is (data-testid="location"); any other path renders a placeholder
 * (where a redirect lands). `settled()` resolves once no query is fetching.
 */
export function renderRoutes(routes: TestRoute[], url: string, { lang, staleTime = 0 }: RenderOptions = {}) {
  // i18next was started by tests/setup/client.ts (starting it again would drop the strings features added).
  if (lang && i18n.language !== lang) void i18n.changeLanguage(lang);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [...routes.map(withLocation), withLocation({ path: '*', element: <p data-testid="elsewhere">Elsewhere</p> })],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <div className="app-root" data-appearance="light" data-platform="base">
        <RouterProvider router={router} />
        <Toasts />
      </div>
    </QueryClientProvider>,
  );
  const settled = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return { ...view, router, queryClient, client: queryClient, settled };
}

/** Renders one element at `path` (matched by `pattern`, default: any path); see renderRoutes. */
export function renderRoute(
  element: ReactElement,
  { path = '/', pattern = '*', ...options }: { path?: string; pattern?: string } & RenderOptions = {},
) {
  return renderRoutes([{ path: pattern, element }], path, options);
}

/** For screens that wait on debounced requests (checkout, orders, subscriptions): more time on a busy machine. */
export function allowSlowScreens() {
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 30_000 });
}
