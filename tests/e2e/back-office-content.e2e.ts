import { backOfficeJourney, scrollsSideways } from './support/back-office';

// The back office's Content screen (docs/decisions/015) in a real browser against the real server: a manager edits
// an FAQ question in Chinese (the editor switched to 中文) and the shop's /faq in 中文 shows it on its next load; the
// Content screen fits a phone.

describe('back office: content', () => {
  const journey = backOfficeJourney(async (kit) => ({ manager: await kit.staff('Maya Manager', 'manager') }));
  const { kit } = journey;

  it('edits an FAQ question in Chinese; the shop’s /faq in 中文 shows it at once', async () => {
    const opened = await journey.open(journey.people.manager, '/admin/content?tab=faq');
    const { page } = opened;
    const list = page.getByRole('list', { name: 'Questions, in the order the FAQ shows them' });
    await list.waitFor();
    const first = list.getByRole('listitem').first();
    const questionEn = (await first.locator('strong').textContent()) ?? '';
    expect(questionEn).not.toBe('');

    await first.getByRole('button', { name: `Edit “${questionEn}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit question' });
    await dialog.getByRole('button', { name: '中文' }).click();
    const asked = `运费怎么算？（${Date.now()}）`;
    await dialog.getByLabel('Question (中文)').fill(asked);
    // The dialog's preview shows the item as the shop will.
    await dialog
      .getByRole('region', { name: 'How the shop’s FAQ shows it' })
      .getByRole('button', { name: asked })
      .waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await list.getByText(asked).waitFor();

    // The shop in Chinese (the language the header's select stores), loaded afresh.
    await page.evaluate(() => {
      localStorage.setItem('language', '2');
      localStorage.setItem('i18nextLng', 'zh');
    });
    await page.goto(`${journey.shop.url}/faq`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: '常见问题' }).waitFor();
    await page.getByRole('button', { name: asked }).waitFor();
    // English is unchanged.
    const en = await kit.ok<{ faqs: Array<{ question: string }> }>('/v2/get-faq', {});
    expect(en.faqs[0]?.question).toBe(questionEn);
    expect(opened.errors).toEqual([]);
    await opened.close();
  });

  it('fits a phone: banners, pages and the FAQ at 390 px without sideways scrolling', async () => {
    const opened = await journey.open(journey.people.manager, '/admin/content', { width: 390, height: 844 });
    const { page } = opened;
    await page.getByRole('list', { name: 'Banners, in the order the home page shows them' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('tab', { name: 'Pages' }).click();
    await page.getByLabel('Title (English)').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('tab', { name: 'FAQ' }).click();
    await page.getByRole('list', { name: 'Questions, in the order the FAQ shows them' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(opened.errors).toEqual([]);
    await opened.close();
  });
});
