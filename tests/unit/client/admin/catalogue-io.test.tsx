import type { CatalogueImportReport } from '@common/contract/admin/catalogue-io';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

/**
 * XMLHttpRequest as the upload helper uses it (lib/api/transfer.ts), sent through the stubbed fetch so mockApi
 * answers it: reports half the body sent, then all of it, then the answer.
 */
class FakeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    void fetch(this.url, { method: 'POST', body, headers: this.headers }).then(async (res) => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = res.status;
      this.responseText = await res.text();
      this.onload?.();
    });
  }
}

/**
 * An XMLHttpRequest the test drives: `send` reports progress on `progress(share)`, and ends with `answer()` (the
 * stubbed fetch's answer), `abort()` or `timeOut()`.
 */
class HeldXhr extends FakeXhr {
  static last: HeldXhr | null = null;
  timeout = 0;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  private sent: FormData | null = null;
  override send(body: FormData) {
    this.sent = body;
    HeldXhr.last = this;
  }
  progress(share: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: share * 100, total: 100 });
  }
  answer() {
    super.send(this.sent!);
  }
  abort() {
    this.onabort?.();
  }
  timeOut() {
    this.ontimeout?.();
  }
}

const summary = {
  rows: 3,
  products_created: 0,
  products_updated: 1,
  packagings_added: 0,
  packagings_updated: 1,
  packagings_retired: 0,
  stock_changes: 1,
  units_added: 5,
  units_removed: 0,
};

const report = (over: Partial<CatalogueImportReport> = {}): CatalogueImportReport => ({
  file_name: 'prices.csv',
  dry_run: true,
  applied: false,
  summary,
  changes: [
    {
      line: 3,
      action: 'packaging_update',
      product_slug: 'earl-grey',
      packaging: '50 g',
      packaging_id: 12,
      fields: [{ field: 'stock', before: '8', after: '13' }],
    },
  ],
  changes_total: 1,
  problems: [],
  problems_total: 0,
  took_ms: 120,
  ...over,
});

const csv = () => new File(['product_slug,name_en\nearl-grey,Earl Grey\n'], 'prices.csv', { type: 'text/csv' });

describe('the catalogue import screen', () => {
  logOutAfterEach();
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('dry-runs a file with a bad row: shows the line and reason, and Import stays impossible', async () => {
    const user = userEvent.setup();
    const { callsTo } = asStaff(staffMe('manager'), {
      '/admin/catalogue/import': () => ({
        data: report({
          problems: [{ line: 4, column: 'price', message: 'Use dollars above 0 with at most 2 decimals (e.g. 12.50)' }],
          problems_total: 1,
        }),
      }),
    });
    renderAdmin('/admin/products/import');
    await screen.findByRole('heading', { name: 'Import / Export CSV', level: 1 });
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    await user.upload(screen.getByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Dry run' }));

    const bad = await screen.findByRole('table', { name: 'Bad rows' });
    const row = within(bad).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('4');
    expect(row).toHaveTextContent('price');
    expect(row).toHaveTextContent('Use dollars above 0 with at most 2 decimals (e.g. 12.50)');
    expect(screen.getByText(/^Nothing was imported: fix the bad rows/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    const call = callsTo('/admin/catalogue/import')[0]!;
    expect(call.multipart).toBe(true);
    expect(call.body.get('dry_run')).toBe('true');
    expect(call.body.get('file_name')).toBe('prices.csv');
    expect(call.files.file?.name).toBe('prices.csv');
    expect(call.authorization).toMatch(/^Bearer /);
  });

  it('after a clean dry run shows the summary and changes, then imports the same file', async () => {
    const user = userEvent.setup();
    const { callsTo } = asStaff(staffMe('owner'), {
      '/admin/catalogue/import': (body) =>
        body.get('dry_run') === 'true'
          ? { data: report() }
          : { data: report({ dry_run: false, applied: true }), message: 'Imported' },
    });
    const { client } = renderAdmin('/admin/products/import');
    await user.upload(await screen.findByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('Dry run of prices.csv: nothing was written.')).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: 'Changes' });
    expect(changes).toHaveTextContent('earl-grey / 50 g');
    expect(changes).toHaveTextContent('stock: 8 → 13');
    expect(screen.queryByRole('table', { name: 'Bad rows' })).not.toBeInTheDocument();

    // Choosing another file asks for a new dry run.
    await user.upload(screen.getByLabelText('CSV file'), csv());
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
    // The shop's cached product list and product (this tab) are stale once the import is applied.
    const shopList = ['products', 'en', { category: 'all-teas' }, 20];
    const shopProduct = ['product', 'en', 7];
    client.setQueryData(shopList, { products: [] });
    client.setQueryData(shopProduct, { product: {} });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('prices.csv was imported.', { selector: 'p' })).toBeInTheDocument();
    expect(callsTo('/admin/catalogue/import').map((c) => c.body.get('dry_run'))).toEqual(['true', 'true', 'false']);
    expect(client.getQueryState(shopList)?.isInvalidated).toBe(true);
    expect(client.getQueryState(shopProduct)?.isInvalidated).toBe(true);
  });

  it('announces the start and the outcome only; the upload’s progress shows without being read out', async () => {
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    const user = userEvent.setup();
    asStaff(staffMe('manager'), { '/admin/catalogue/import': () => ({ data: report() }) });
    renderAdmin('/admin/products/import');
    await user.upload(await screen.findByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    const status = screen.getByText('Checking prices.csv…');
    expect(status).toHaveAttribute('role', 'status');
    act(() => HeldXhr.last!.progress(0.4));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('value', '0.4');
    expect(screen.getByText('Uploading… 40%').closest('[role="status"], [aria-live]')).toBeNull();
    expect(bar.closest('[role="status"], [aria-live]')).toBeNull();
    act(() => HeldXhr.last!.progress(0.8));
    // The live region still says the same: nothing new is read out for each step.
    expect(status).toHaveTextContent(/^Checking prices\.csv…$/);
    act(() => HeldXhr.last!.answer());
    await waitFor(() => expect(status).toHaveTextContent('Dry run of prices.csv: nothing was written.'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it.each([
    ['times out', (x: HeldXhr) => x.timeOut()],
    ['is aborted', (x: HeldXhr) => x.abort()],
  ])('an upload that %s ends the wait with a message in the screen’s language', async (_, end) => {
    vi.stubGlobal('XMLHttpRequest', HeldXhr);
    const user = userEvent.setup();
    asStaff(staffMe('manager'), { '/admin/catalogue/import': () => ({ data: report() }) });
    renderAdmin('/admin/products/import', { lang: 'zh' });
    await user.upload(await screen.findByLabelText('CSV 文件'), csv());
    await user.click(screen.getByRole('button', { name: '试运行' }));
    const xhr = HeldXhr.last!;
    expect(xhr.timeout).toBeGreaterThan(0);
    act(() => end(xhr));
    expect(await screen.findByRole('alert')).toHaveTextContent('操作未能完成，请检查网络后重试。');
    expect(screen.getByRole('button', { name: '试运行' })).toBeEnabled();
  });

  it('shows the server’s refusal of a file that is not the catalogue CSV', async () => {
    const user = userEvent.setup();
    asStaff(staffMe('manager'), {
      '/admin/catalogue/import': () => ({
        status: 422,
        message: 'The header lacks the columns product_slug: start from an exported file',
      }),
    });
    renderAdmin('/admin/products/import');
    await user.upload(await screen.findByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The header lacks the columns product_slug');
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
