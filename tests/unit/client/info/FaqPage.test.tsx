import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import AboutPage from '../../../../src/client/features/info/pages/AboutPage';
import FaqPage from '../../../../src/client/features/info/pages/FaqPage';
import TermsPage from '../../../../src/client/features/info/pages/TermsPage';
import { splitParagraphs } from '../../../../src/client/lib/ui/Paragraphs';
import { useSession } from '../../../../src/client/stores/session-store';
import { mockApi, renderRoute } from '../toolkit';

const FAQS = [
  {
    id: 1,
    question: 'How long does delivery take?',
    answer: 'Standard shipping takes 2-7 days.\n\nExpedited 2-3 days.',
  },
  { id: 2, question: 'Do you offer refunds?', answer: 'We exchange damaged or wrong items; we do not refund.' },
];

afterEach(() => {
  useSession.getState().clear();
});

describe('FAQ page', () => {
  it('shows the questions as collapsed accordion buttons that expand and collapse their answers', async () => {
    const user = userEvent.setup();
    mockApi({ '/v2/get-faq': () => ({ data: { faqs: FAQS } }) });
    renderRoute(<FaqPage />, { path: '/faq' });

    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    const first = await screen.findByRole('button', { name: 'How long does delivery take?' });
    const second = screen.getByRole('button', { name: 'Do you offer refunds?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'false');

    const panel = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(panel).not.toBeVisible();
    expect(screen.queryByRole('region', { name: 'How long does delivery take?' })).not.toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'How long does delivery take?' });
    expect(region).toBe(panel);
    expect(region).toBeVisible();
    // Paragraphs split on the blank line.
    expect(region.querySelectorAll('p')).toHaveLength(2);
    expect(region).toHaveTextContent('Standard shipping takes 2-7 days.');
    expect(second).toHaveAttribute('aria-expanded', 'false');

    // Keyboard works too (it is a real button).
    second.focus();
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'true');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('shows the loading state, then an error with a retry that loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { callsTo } = mockApi({
      '/v2/get-faq': () => (fail ? { status: 503, message: 'down' } : { data: { faqs: FAQS } }),
    });
    renderRoute(<FaqPage />, { path: '/faq' });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this page. Check your connection and try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Do you offer refunds?' })).toBeInTheDocument();
    expect(callsTo('/v2/get-faq')).toHaveLength(2);
  });

  it('asks in the current language', async () => {
    const { callsTo } = mockApi({ '/v2/get-faq': () => ({ data: { faqs: [] } }) });
    renderRoute(<FaqPage />, { path: '/faq', lang: 'zh' });
    expect(await screen.findByText('暂无常见问题。')).toBeInTheDocument();
    expect(callsTo('/v2/get-faq')[0]?.body.get('lang')).toBe('zh');
  });
});

describe('policy and about pages', () => {
  it('the About page asks get-page for "about" and shows title and paragraphs', async () => {
    const { callsTo } = mockApi({
      '/v2/get-page': () => ({
        data: {
          page: {
            slug: 'about',
            title: 'About Us',
            body: 'First.\n\nSecond\nline.',
            updated_at: '2026-01-02T00:00:00.000Z',
          },
        },
      }),
    });
    renderRoute(<AboutPage />, { path: '/about' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(callsTo('/v2/get-page')[0]?.body.get('slug')).toBe('about');
    const article = screen.getByRole('article');
    expect(article.querySelectorAll('.info__body p')).toHaveLength(2);
    expect(article.querySelector('.info__body p:nth-child(2) br')).not.toBeNull();
    expect(screen.getByText(/Last updated/)).toBeInTheDocument();
  });

  it('shows the server’s refusal when the page does not exist', async () => {
    mockApi({ '/v2/get-tnc': () => ({ status: 404, message: 'This page does not exist' }) });
    renderRoute(<TermsPage />, { path: '/terms-of-service' });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This page does not exist'));
  });

  it('splits text into paragraphs on blank lines', () => {
    expect(splitParagraphs('a\n\nb\r\n\r\nc\nd\n \n\n')).toEqual([['a'], ['b'], ['c', 'd']]);
    expect(splitParagraphs('')).toEqual([]);
  });
});
