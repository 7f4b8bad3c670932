import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { reportRenderError } from '@/lib/error-reports/reporter';
import { ErrorPage } from './ErrorPage';

interface State {
  error: unknown;
}

/** React's error boundary (a class is the only way to write one): shows ErrorPage in place of a screen that threw. */
class Boundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  // React keeps a caught render error to itself: the shop hears of it here (docs/decisions/045).
  override componentDidCatch(error: unknown): void {
    reportRenderError(error);
  }

  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * Render errors and screens whose code failed to load show the error page (the data router's errorElement did this
 * before docs/decisions/021). Keyed by path, so another route starts clean.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
