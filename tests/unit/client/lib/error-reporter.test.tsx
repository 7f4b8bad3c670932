import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { RouteErrorBoundary } from '../../../../src/client/app/layout/RouteErrorBoundary';
import { buildIdOf, installErrorReporter, reportRenderError } from '../../../../src/client/lib/error-reports/reporter';
import { CLIENT_ERROR_PATH, MAX_REPORTS_PER_PAGE } from '../../../../src/common/client-error-rules';

// docs/decisions/045: the reporter main.tsx installs tells the shop of each distinct error once, at most a few per
// page, with the page's path but never its query or fragment.

/** The app's boundary where the app has it: inside the router. */
const RouteErrorBoundaryIn = ({ children }: { children: ReactNode }) => (
  <MemoryRouter>
    <RouteErrorBoundary>{children}</RouteErrorBoundary>
  </MemoryRouter>
);

const fields = (body: URLSearchParams) => Object.fromEntries(body.entries());

/** What the browser delivers for an uncaught error and an unhandled rejection (jsdom has no PromiseRejectionEvent). */
const uncaught = (error: unknown) =>
  window.dispatchEvent(new ErrorEvent('error', { error, message: String((error as Error)?.message ?? error) }));
const unhandled = (reason: unknown) => window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));

describe('the error reporter', () => {
  let sent: URLSearchParams[];
  beforeEach(() => {
    sent = [];
    window.history.replaceState(null, '', '/details/42?coupon=SECRET#tgWebAppData=user%3D1');
    installErrorReporter('index-Bx12Cd34', (body) => sent.push(body));
  });
  // The listeners stay on the window this file shares with the next: they report nowhere from now on.
  afterAll(() => installErrorReporter('', () => {}));

  it('sends one report for an uncaught error, with the path, the build and the stack', () => {
    const error = new Error('Cannot read properties of undefined');
    uncaught(error);
    expect(sent).toHaveLength(1);
    expect(fields(sent[0]!)).toEqual({
      kind: 'error',
      message: 'Cannot read properties of undefined',
      stack: error.stack,
      route: '/details/42',
      build: 'index-Bx12Cd34',
    });
  });

  it('sends one report for a rejected promise nobody handled', () => {
    unhandled(new TypeError('Failed to fetch'));
    unhandled('a plain reason');
    expect(sent.map((b) => [b.get('kind'), b.get('message')])).toEqual([
      ['rejection', 'Failed to fetch'],
      ['rejection', 'a plain reason'],
    ]);
  });

  it('reports a script that failed to load once, for its preload and its rejection', () => {
    const error = new TypeError(
      'Failed to fetch dynamically imported module: https://shop.test/assets/Cart-Ab12Cd34.js',
    );
    window.dispatchEvent(Object.assign(new Event('vite:preloadError'), { payload: error }));
    unhandled(error);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get('kind')).toBe('chunk');
  });

  it('sends the same error once, however often it happens', () => {
    const error = new Error('again and again');
    for (let i = 0; i < 10; i++) uncaught(error);
    expect(sent).toHaveLength(1);
  });

  it(`stops after ${MAX_REPORTS_PER_PAGE} different errors on a page`, () => {
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 3; i++) uncaught(new Error(`error number ${i}`));
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it('ignores the bare "Script error." of another origin’s script', () => {
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.', error: null }));
    expect(sent).toHaveLength(0);
  });

  // Production React keeps a caught render error from the window (the boundary reports it); development React also
  // throws it to the window first. Either way: one report.
  it('reports a screen that failed to render once', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = (): never => {
      throw new Error('broken screen');
    };
    render(<Broken />, { wrapper: ({ children }) => <RouteErrorBoundaryIn>{children}</RouteErrorBoundaryIn> });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    spy.mockRestore();
    expect(sent.map((b) => b.get('message'))).toEqual(['broken screen']);
    expect(['render', 'error']).toContain(sent[0]!.get('kind'));
    reportRenderError(new Error('caught by a boundary'));
    expect(sent.map((b) => b.get('kind'))).toEqual([sent[0]!.get('kind'), 'render']);
  });

  it('sends with navigator.sendBeacon to the report path by default', () => {
    const beacon = vi.fn((_url: string, _body: URLSearchParams) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    installErrorReporter('index-Bx12Cd34');
    uncaught(new Error('sent by beacon'));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe(CLIENT_ERROR_PATH);
    expect(beacon.mock.calls[0]![1].get('message')).toBe('sent by beacon');
    vi.unstubAllGlobals();
  });

  it('reads the build id from the entry script’s name', () => {
    expect(buildIdOf('https://shop.test/assets/index-Bx12Cd34.js')).toBe('index-Bx12Cd34');
    expect(buildIdOf('http://localhost:5173/src/client/main.tsx?t=1')).toBe('main');
  });
});
