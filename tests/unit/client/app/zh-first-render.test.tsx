import { render, screen } from '@testing-library/react';
import { App } from '../../../../src/client/app/App';
import { i18n, setupI18n } from '../../../../src/client/lib/i18n/i18n';
import { mockApi } from '../toolkit';

// docs/plans/015 §2: the entry carries English only; a shop in Chinese loads its Chinese strings before the first
// render (setupI18n awaits them, main.tsx awaits setupI18n), so no English text ever shows first.
describe('the first render in Chinese', () => {
  it('has Chinese text from the first commit on, never English', async () => {
    mockApi({});
    localStorage.setItem('hasVisited', 'true');
    window.history.replaceState(null, '', '/no/such/page');
    // As main.tsx does: the language's strings, then the render. Here i18next is started afresh, without Chinese.
    await setupI18n('en');
    expect(i18n.hasResourceBundle('zh', 'common')).toBe(false);
    await setupI18n('zh');
    expect(document.documentElement.lang).toBe('zh-CN');

    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    render(<App />);
    shown.push(document.body.textContent ?? '');
    expect(await screen.findByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    observer.disconnect();
    expect(screen.getAllByRole('link', { name: '首页' }).length).toBeGreaterThan(0);
    // Not one frame with the English header or footer.
    for (const text of shown) {
      expect(text).not.toMatch(/About Us|Terms of Service|Page not found/);
    }
  });
});
