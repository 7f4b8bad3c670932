import type { AdminSystemOutput } from '@common/contract/admin/system';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../../../src/client/app/admin/admin-screens';
import SystemPage from '../../../../src/client/features/admin-system/pages/SystemPage';
import { mockApi, renderRoutes } from '../toolkit';
import { asStaff, logOutAfterEach, renderAdmin, staffMe } from './staff-session';

logOutAfterEach();

const NOW = '2026-12-07T20:00:00.000Z';
const ago = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

const full: AdminSystemOutput = {
  now: NOW,
  release: { version: '1.4.0', commit: 'abc123def456', client_build: 'index-Ab12Cd34' },
  instances: [
    {
      id: 'web-1:100:aa',
      host: 'web-1',
      pid: 100,
      release: '1.4.0+abc123def456',
      started_at: ago(2 * 86_400 + 3 * 3600),
      last_seen_at: ago(10),
      uptime_seconds: 2 * 86_400 + 3 * 3600,
      current: false,
    },
    {
      id: 'web-2:200:bb',
      host: 'web-2',
      pid: 200,
      release: '1.4.0+abc123def456',
      started_at: ago(300),
      last_seen_at: NOW,
      uptime_seconds: 300,
      current: true,
    },
  ],
  database: { kind: 'postgres', bytes: 25 * 1024 * 1024 },
  jobs: [
    {
      name: 'backup',
      outcome: 'failed',
      last_started_at: ago(3600),
      last_finished_at: ago(3590),
      last_error: 'disk full',
      next_run_at: ago(-5 * 3600),
      runs: 12,
    },
    {
      name: 'unpaid order expiry',
      outcome: 'ok',
      last_started_at: ago(120),
      last_finished_at: ago(119),
      last_error: null,
      next_run_at: ago(-3480),
      runs: 40,
    },
  ],
  outboxes: [
    { outbox: 'mail', backlog: 0, oldest_at: null },
    { outbox: 'bot', backlog: 3, oldest_at: ago(600) },
  ],
  backups: {
    scheduled: true,
    last_at: ago(3600),
    last_ok: false,
    last_error: 'disk full',
    last_good_at: ago(7 * 3600),
    last_good_bytes: 3 * 1024 * 1024,
  },
  webhooks: [
    { source: 'telegram', on: true, last_heard_at: ago(45) },
    { source: 'stripe', on: true, last_heard_at: null },
  ],
  error_groups: [
    {
      id: 7,
      kind: 'error',
      message: 'x is not a function',
      top_frame: 'src/client/features/cart/Cart.tsx:42',
      stack: null,
      stack_state: 'mapped',
      build_id: 'index-Ab12Cd34',
      route: '/cart',
      platform: 'ios',
      platform_version: '8.0',
      first_seen: ago(86_400),
      last_seen: ago(90),
      total: 12,
      recent: 5,
      days: [{ day: '2026-12-07', count: 5 }],
    },
  ],
};

const empty: AdminSystemOutput = {
  ...full,
  instances: [full.instances[1]!],
  database: { kind: 'sqlite', bytes: 4096 },
  jobs: [],
  outboxes: [
    { outbox: 'mail', backlog: 0, oldest_at: null },
    { outbox: 'bot', backlog: 0, oldest_at: null },
  ],
  backups: {
    scheduled: false,
    last_at: null,
    last_ok: null,
    last_error: null,
    last_good_at: null,
    last_good_bytes: null,
  },
  webhooks: [
    { source: 'telegram', on: false, last_heard_at: null },
    { source: 'stripe', on: true, last_heard_at: null },
  ],
  error_groups: [],
};

const renderSystem = (lang: 'en' | 'zh' = 'en') =>
  renderRoutes([{ path: '/admin/system', Component: SystemPage }], '/admin/system', { lang });

const rowsOf = (name: RegExp | string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('back office: System', () => {
  it('is an owner’s screen, loaded on demand', async () => {
    const screenDef = ADMIN_SCREENS.find((s) => s.path === 'system')!;
    expect(screenDef).toMatchObject({ nav: 'system', permission: 'system' });
    expect((await screenDef.load()).default).toBe(SystemPage);
  });

  it('shows every section under its heading, with tables and times relative and absolute', async () => {
    mockApi({ '/admin/system': () => ({ data: full }) });
    renderSystem();
    expect(await screen.findByRole('heading', { name: 'System', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Release', level: 2 });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Release',
      'Live instances (2)',
      'Database',
      'Background jobs',
      'Outboxes',
      'Backups',
      'Webhooks',
      'Errors from phones',
    ]);
    expect(rowsOf('The release this instance runs')).toEqual([
      'Version1.4.0',
      'Commitabc123def456',
      'Client buildindex-Ab12Cd34',
    ]);
    const instances = rowsOf(/^Server instances/);
    expect(instances[1]).toContain('web-1');
    expect(instances[1]).toContain('2 d 3 h');
    expect(instances[2]).toContain('web-2 (this one)');
    expect(instances[2]).toContain('5 min');
    expect(rowsOf('The database the shop runs on')).toEqual(['KindPostgreSQL', 'Size25.0 MB']);

    const jobs = screen.getByRole('table', { name: /background job’s last round/ });
    const backup = within(jobs).getAllByRole('row')[1]!;
    expect(backup).toHaveTextContent('backup');
    expect(backup).toHaveTextContent('Failed');
    expect(backup).toHaveTextContent('disk full');
    expect(backup).toHaveTextContent('1 hour ago');
    expect(backup).toHaveTextContent('in 5 hours');
    // The absolute time is there too, machine-readable.
    const time = within(backup)
      .getAllByText(/hour ago/)[0]!
      .closest('time')!;
    expect(time).toHaveAttribute('datetime', ago(3600));
    expect(time.textContent).toMatch(/\(.*2026.*\)/);

    expect(rowsOf('Messages waiting to be sent')[2]).toMatch(/^Telegram notices310 minutes ago/);
    const backups = rowsOf(/Scheduled backups/);
    expect(backups[1]).toContain('Failed: disk full');
    expect(backups[3]).toBe('Its size3.0 MB');
    const hooks = rowsOf('When each webhook was last heard from');
    expect(hooks[1]).toMatch(/^Telegram45 seconds ago/);
    expect(hooks[2]).toBe('Card payments (Stripe)No webhook heard yet');
    const errors = rowsOf(/reported in the last 7 days/);
    expect(errors[1]).toMatch(/^error: x is not a function\/cart · src\/client\/features\/cart\/Cart.tsx:42512/);
    expect(errors[1]).toContain('2 minutes ago');
  });

  it('says honestly what is empty: no jobs run, no backups configured, a webhook not set up', async () => {
    mockApi({ '/admin/system': () => ({ data: empty }) });
    renderSystem();
    expect(await screen.findByText('No background job has run yet.')).toBeInTheDocument();
    expect(screen.getByText('No backups configured.')).toBeInTheDocument();
    expect(screen.getByText('No errors reported in the last 7 days.')).toBeInTheDocument();
    expect(rowsOf('When each webhook was last heard from')[1]).toBe('TelegramNot set up');
    expect(rowsOf('Messages waiting to be sent')[1]).toBe('E-mail0Nothing waits');
    expect(rowsOf('The database the shop runs on')).toEqual(['KindSQLite', 'Size4 KB']);
  });

  it('speaks Chinese', async () => {
    mockApi({ '/admin/system': () => ({ data: full }) });
    renderSystem('zh');
    expect(await screen.findByRole('heading', { name: '系统', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '运行中的实例（2）', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '后台任务', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('失败')).toBeInTheDocument();
    expect(screen.getAllByText('1小时前', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('尚未收到任何 webhook')).toBeInTheDocument();
  });

  it('is in the navigation for an owner, not for a manager', async () => {
    asStaff(staffMe('owner'));
    const owner = renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getByRole('link', { name: 'System' })).toHaveAttribute('href', '/admin/system');
    owner.unmount();

    asStaff(staffMe('manager'));
    renderAdmin('/admin');
    const managerNav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(managerNav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(within(managerNav).queryByRole('link', { name: 'System' })).toBeNull();
  });
});
