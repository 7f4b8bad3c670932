import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../../../../src/client/app/admin/locales';
import ContentPage from '../../../../src/client/features/admin-content/pages/ContentPage';
import { resetMainButton } from '../../../../src/client/lib/telegram/main-button';
import { allowSlowScreens, installFakeSdk, mockApi, removeSdk, renderRoutes } from '../toolkit';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../../../src/client/lib/toast', () => ({ notify }));

allowSlowScreens();
logOutAfterEach();

const bannerRow = (id: number, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  image: `/media/images/${String(id).padStart(32, 'a')}-640.webp`,
  image_wide: `/media/images/${String(id).padStart(32, 'a')}-1280.webp`,
  title_en: title,
  title_zh: `${title} 中文`,
  subtitle_en: '',
  subtitle_zh: '',
  alt_en: '',
  alt_zh: '',
  link: '/products/best-sellers',
  sort_order: id,
  is_active: true,
  starts_on: null,
  ends_on: null,
  state: 'live',
  ...extra,
});

const faqRow = (id: number, en: string, zh: string) => ({
  id,
  question_en: en,
  question_zh: zh,
  answer_en: `${en} answer.\n\nSecond paragraph.`,
  answer_zh: `${zh}的回答。`,
  sort_order: id,
});

/** A list the mock keeps in order, answering reorders as the server does. */
function orderedList<T extends { id: number }>(rows: T[]) {
  let list = rows;
  return {
    get: () => list,
    reorder: (body: URLSearchParams) => {
      const ids = JSON.parse(body.get('ids') ?? '[]') as number[];
      list = ids.map((id) => list.find((r) => r.id === id)!);
      return list;
    },
  };
}

const renderContent = (tab: string) =>
  renderRoutes([{ path: '/admin/content', Component: ContentPage }], `/admin/content?tab=${tab}`);

describe('back office: Content', () => {
  it('is in the navigation of a manager', async () => {
    asStaff(staffMe('manager'), { '/admin/content/banners/list': () => ({ data: { banners: [] } }) });
    renderAdmin('/admin/content');
    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Content' }).length).toBeGreaterThan(0);
    expect(await screen.findByText('No banners yet: the home page shows no hero.')).toBeInTheDocument();
  });

  it('is not in the navigation of a fulfilment member', async () => {
    asStaff(staffMe('fulfilment'));
    renderAdmin('/admin/me');
    expect((await screen.findAllByRole('link', { name: 'Orders' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Content' })).not.toBeInTheDocument();
  });

  it('lists banners with their state and days, and moves one with the keyboard, keeping the focus on it', async () => {
    const user = userEvent.setup();
    const banners = orderedList([
      bannerRow(1, 'Matcha'),
      bannerRow(2, 'Oolong', { state: 'scheduled', starts_on: '2026-12-01', ends_on: '2026-12-24' }),
      bannerRow(3, 'Sale', { state: 'off', is_active: false }),
    ]);
    const { callsTo } = mockApi({
      '/admin/content/banners/list': () => ({ data: { banners: banners.get() } }),
      '/admin/content/banners/reorder': (body) => ({ data: { banners: banners.reorder(body) } }),
    });
    renderContent('banners');
    const list = await screen.findByRole('list', { name: 'Banners, in the order the home page shows them' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent('from 2026-12-01 · until 2026-12-24');
    expect(within(rows[2]!).getByRole('switch', { name: 'Show “Sale” in the shop' })).not.toBeChecked();
    expect(within(rows[0]!).getByRole('button', { name: 'Move “Matcha” up' })).toBeDisabled();

    // Keyboard only: focus Oolong's Up, press Enter.
    const up = within(rows[1]!).getByRole('button', { name: 'Move “Oolong” up' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(JSON.parse(callsTo('/admin/content/banners/reorder')[0]!.body.get('ids')!)).toEqual([2, 1, 3]);
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('strong')?.textContent),
      ).toEqual(['Oolong', 'Matcha', 'Sale']),
    );
    // At the top its Up is disabled: the focus is on its Down, and the move is announced.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Oolong” down' })).toHaveFocus());
    expect(screen.getByText('“Oolong” is now 1 of 3')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(JSON.parse(callsTo('/admin/content/banners/reorder')[1]!.body.get('ids')!)).toEqual([1, 2, 3]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Oolong” down' })).toHaveFocus());
  });

  it('checks a new banner before sending it, previews it in Chinese and sends it with its uploaded image', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/content/banners/list': () => ({ data: { banners: [] } }),
      '/admin/content/images/upload': () => ({
        data: {
          url: '/media/images/0123456789abcdef0123456789abcdef-640.webp',
          wide_url: '/media/images/0123456789abcdef0123456789abcdef-1280.webp',
          width: 640,
          height: 267,
        },
      }),
      '/admin/content/banners/create': () => ({ data: { banner: bannerRow(9, 'New') } }),
    });
    renderContent('banners');
    await screen.findByText('No banners yet: the home page shows no hero.');
    await user.click(screen.getByRole('button', { name: 'Add banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add banner' });

    const [titleEn, titleZh] = within(dialog).getAllByLabelText('Title');
    const [altEn] = within(dialog).getAllByLabelText('Image description (alt text)');
    await user.type(titleEn!, 'Autumn oolong');
    await user.type(altEn!, 'A cup of oolong');
    await user.type(within(dialog).getByLabelText('Link'), 'javascript:alert(1)');
    await user.type(within(dialog).getByLabelText('First day'), '2026-12-10');
    await user.type(within(dialog).getByLabelText('Last day'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Upload an image')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Link')).toHaveAccessibleDescription(
      'A page of the shop (/products/best-sellers) or an address starting with https:// The link must start with / (a page of the shop) or with http:// or https://',
    );
    expect(within(dialog).getByText('The last day must not be before the first day')).toBeInTheDocument();
    expect(titleZh).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Give the Chinese text too')).toBeInTheDocument();
    expect(callsTo('/admin/content/banners/create')).toHaveLength(0);

    const file = new File([new Uint8Array([1, 2, 3])], 'hero.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Image'), file);
    await waitFor(() => expect(callsTo('/admin/content/images/upload')).toHaveLength(1));
    expect(callsTo('/admin/content/images/upload')[0]!.files.image).toBeInstanceOf(File);
    await user.type(titleZh!, '秋季乌龙');
    const [, altZh] = within(dialog).getAllByLabelText('Image description (alt text)');
    await user.type(altZh!, '一杯乌龙茶');
    const link = within(dialog).getByLabelText('Link');
    await user.clear(link);
    await user.type(link, '/products/oolong');
    await user.clear(within(dialog).getByLabelText('Last day'));

    // The preview shows the chosen language's texts over the uploaded (wide) image.
    const preview = within(dialog).getByRole('region', { name: 'How the home page shows it' });
    expect(within(preview).getByRole('img', { name: 'A cup of oolong' })).toHaveAttribute(
      'src',
      '/media/images/0123456789abcdef0123456789abcdef-1280.webp',
    );
    await user.click(within(preview).getByRole('button', { name: '中文' }));
    expect(within(preview).getByText('秋季乌龙')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: '一杯乌龙茶' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/content/banners/create')).toHaveLength(1));
    const sent = callsTo('/admin/content/banners/create')[0]!.body;
    expect(Object.fromEntries(sent)).toMatchObject({
      image: '/media/images/0123456789abcdef0123456789abcdef-640.webp',
      title_en: 'Autumn oolong',
      title_zh: '秋季乌龙',
      alt_zh: '一杯乌龙茶',
      link: '/products/oolong',
      starts_on: '2026-12-10',
      is_active: 'true',
    });
    expect(sent.has('ends_on')).toBe(false);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Banner added'));
  });

  it('edits a page in Chinese with a preview split into paragraphs as the shop shows it, and saves both languages', async () => {
    const user = userEvent.setup();
    const page = {
      slug: 'about',
      title_en: 'About us',
      title_zh: '关于我们',
      body_en: 'We love tea.',
      body_zh: '我们热爱茶。',
      updated_at: '2026-11-20T00:00:00.000Z',
    };
    const { callsTo } = mockApi({
      '/admin/content/pages/get': (body) => ({ data: { page: { ...page, slug: body.get('slug') } } }),
      '/admin/content/pages/update': (body) => ({
        data: { page: { ...Object.fromEntries(body), updated_at: '2026-11-24T00:00:00.000Z' } },
      }),
    });
    renderContent('pages');
    const title = await screen.findByLabelText('Title (English)');
    expect(title).toHaveValue('About us');
    await user.click(screen.getByRole('button', { name: '中文' }));
    const titleZh = screen.getByLabelText('Title (中文)');
    await user.clear(titleZh);
    await user.type(titleZh, '我们的故事');
    const body = screen.getByLabelText('Text (中文)');
    await user.clear(body);
    await user.type(body, '第一段。{Enter}{Enter}第二段，{Enter}换行。');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = screen.getByRole('region', { name: 'How the shop shows it' });
    expect(within(preview).getByRole('heading', { name: '我们的故事' })).toBeInTheDocument();
    const paragraphs = preview.querySelectorAll('.info__body p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual(['第一段。', '第二段，换行。']);
    expect(paragraphs[1]!.querySelector('br')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(callsTo('/admin/content/pages/update')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('/admin/content/pages/update')[0]!.body)).toMatchObject({
      slug: 'about',
      title_en: 'About us',
      title_zh: '我们的故事',
      body_en: 'We love tea.',
      body_zh: '第一段。\n\n第二段，\n换行。',
      expected_updated_at: '2026-11-20T00:00:00.000Z',
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Page saved: the shop shows it now'));
  });

  it('asks before leaving a page with unsaved changes, and refuses an empty Chinese title', async () => {
    const user = userEvent.setup();
    const { callsTo } = mockApi({
      '/admin/content/pages/get': (body) => ({
        data: {
          page: { slug: body.get('slug'), title_en: 'T', title_zh: '', body_en: 'B', body_zh: '', updated_at: null },
        },
      }),
    });
    renderContent('pages');
    expect(
      await screen.findByText('This page has not been written yet: the shop shows “not found” until it is saved.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    // The missing Chinese texts: the editor shows Chinese, with the message at the fields.
    expect(screen.getByLabelText('Title (中文)')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('/admin/content/pages/update')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title (中文)'), '条款');
    await user.selectOptions(screen.getByLabelText('Page'), 'Terms of service');
    const dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(callsTo('/admin/content/pages/get').at(-1)!.body.get('slug')).toBe('tnc'));
    expect(screen.getByLabelText('Page')).toHaveValue('tnc');
  });

  it('edits a question in Chinese with a preview, reorders and deletes questions', async () => {
    const user = userEvent.setup();
    const faqs = orderedList([faqRow(1, 'Do you ship?', '你们发货吗？'), faqRow(2, 'Is it organic?', '是有机的吗？')]);
    const { callsTo } = mockApi({
      '/admin/content/faqs/list': () => ({ data: { faqs: faqs.get() } }),
      '/admin/content/faqs/update': (body) => ({
        data: { faq: { ...faqRow(1, 'x', 'y'), ...Object.fromEntries(body), id: 1 } },
      }),
      '/admin/content/faqs/reorder': (body) => ({ data: { faqs: faqs.reorder(body) } }),
      '/admin/content/faqs/delete': () => ({ data: { id: 2 } }),
    });
    renderContent('faq');
    const list = await screen.findByRole('list', { name: 'Questions, in the order the FAQ shows them' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('你们发货吗？');

    await user.click(screen.getByRole('button', { name: 'Edit “Do you ship?”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    await user.click(within(dialog).getByRole('button', { name: '中文' }));
    const question = within(dialog).getByLabelText('Question (中文)');
    await user.clear(question);
    await user.type(question, '可以寄到宿务吗？');
    const preview = within(dialog).getByRole('region', { name: 'How the shop’s FAQ shows it' });
    const item = within(preview).getByRole('button', { name: '可以寄到宿务吗？' });
    await user.click(item);
    expect(within(preview).getByText('你们发货吗？的回答。')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/admin/content/faqs/update')).toHaveLength(1));
    expect(Object.fromEntries(callsTo('/admin/content/faqs/update')[0]!.body)).toMatchObject({
      id: '1',
      question_en: 'Do you ship?',
      question_zh: '可以寄到宿务吗？',
    });

    // The whole FAQ's preview, in Chinese.
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const faqPreview = screen.getByRole('region', { name: 'How the shop’s FAQ shows it' });
    await user.click(within(faqPreview).getByRole('button', { name: '中文' }));
    expect(within(faqPreview).getByRole('heading', { level: 2 })).toHaveTextContent('Preview (中文)');
    expect(
      within(faqPreview)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['你们发货吗？', '是有机的吗？']);

    screen.getByRole('button', { name: 'Move “Is it organic?” up' }).focus();
    await user.keyboard(' ');
    expect(JSON.parse(callsTo('/admin/content/faqs/reorder')[0]!.body.get('ids')!)).toEqual([2, 1]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Is it organic?” down' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Delete “Is it organic?”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this question?' });
    expect(callsTo('/admin/content/faqs/delete')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('/admin/content/faqs/delete')[0]!.body.get('id')).toBe('2'));
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    mockApi({
      '/admin/content/banners/list': () => ({ data: { banners: [] } }),
      '/admin/content/pages/get': (body) => ({
        data: {
          page: {
            slug: body.get('slug'),
            title_en: 'A',
            title_zh: '甲',
            body_en: 'B',
            body_zh: '乙',
            updated_at: null,
          },
        },
      }),
    });
    renderContent('banners');
    const tab = await screen.findByRole('tab', { name: 'Banners' });
    tab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pages' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Pages' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText('Title (English)')).toHaveValue('A');
  });

  it('the Pages tab’s main action saves the page (Telegram’s MainButton), and leaving the tab with unsaved changes asks first', async () => {
    const user = userEvent.setup();
    const sdk = installFakeSdk();
    let saved: Record<string, string> = {};
    const page = (slug: string | null) => ({
      slug,
      title_en: 'About us',
      title_zh: '关于我们',
      body_en: 'We love tea.',
      body_zh: '我们爱茶。',
      updated_at: '2026-11-20T00:00:00.000Z',
      ...saved,
    });
    const { callsTo } = mockApi({
      '/admin/content/banners/list': () => ({ data: { banners: [] } }),
      '/admin/content/pages/get': (body) => ({ data: { page: page(body.get('slug')) } }),
      '/admin/content/pages/update': (body) => {
        const { title_en, title_zh, body_en, body_zh } = Object.fromEntries(body);
        saved = { title_en: title_en!, title_zh: title_zh!, body_en: body_en!, body_zh: body_zh! };
        saved.updated_at = '2026-11-21T00:00:00.000Z';
        return { data: { page: page('about') } };
      },
    });
    try {
      renderContent('pages');
      const title = await screen.findByLabelText('Title (English)');
      await waitFor(() => expect(sdk.last()).toMatchObject({ text: 'Save page', isVisible: true }));
      await user.clear(title);
      await user.type(title, 'Our story');

      // Leaving the tab: asked first; staying keeps the typing.
      await user.click(screen.getByRole('tab', { name: 'FAQ' }));
      let dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
      expect(dialog).toHaveTextContent('Your changes to “About us” are not saved.');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.getByRole('tab', { name: 'Pages' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.getByLabelText('Title (English)')).toHaveValue('Our story');

      // Telegram's MainButton saves the page being edited.
      act(() => sdk.press());
      await waitFor(() => expect(callsTo('/admin/content/pages/update')).toHaveLength(1));
      expect(callsTo('/admin/content/pages/update')[0]!.body.get('title_en')).toBe('Our story');
      await waitFor(() => expect(screen.getByText(/^Last saved/)).toBeInTheDocument());

      // Saved: the tab changes without asking; unsaved again: Discard leaves.
      await user.click(screen.getByRole('tab', { name: 'Banners' }));
      expect(await screen.findByText('No banners yet: the home page shows no hero.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(screen.getByRole('tab', { name: 'Pages' }));
      await user.type(await screen.findByLabelText('Title (English)'), '!');
      await user.click(screen.getByRole('tab', { name: 'Banners' }));
      dialog = await screen.findByRole('dialog', { name: 'Discard your changes?' });
      await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
      expect(await screen.findByText('No banners yet: the home page shows no hero.')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent('tab=banners');
    } finally {
      resetMainButton();
      removeSdk();
    }
  });
});
