import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../../../../src/client/app/App';
import { RouteErrorBoundary } from '../../../../src/client/app/layout/RouteErrorBoundary';
import { mockApi } from '../toolkit';

// docs/decisions/021: the router in declarative mode keeps the data router's behaviour: unknown paths show the
// not-found page inside the shop's frame, a page that needs a user sends a guest to log in and back, and a screen that
// throws shows the error page (the data router's errorElement did this).
describe('the app router', () => {
  beforeEach(() => mockApi({}));

  it('shows the not-found page for an unknown deep path', async () => {
    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('sends a guest from a page that needs a user to log in, with the way back', async () => {
    window.history.pushState({}, '', '/order?id=5');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.location.search).toBe(`?redirect=${encodeURIComponent('/order?id=5')}`);
  });

  it('shows the error page in place of a screen that throws', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('broken screen');
    };
    render(
      <MemoryRouter>
        <RouteErrorBoundary>
          <Broken />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
