import { biomeProbe } from './biome-probe';

// The layer rules of biome.json (docs/decisions/009-client-layers.md) bite: the project's own configuration, run by
// Biome over probe files laid out like the repository, reports each forbidden import and passes the allowed ones.

const lint = biomeProbe('leafcup-layers-');

describe('import rules', () => {
  it('a feature may not import another feature, app/ or the server', () => {
    const found = lint({
      'src/client/features/orders/pages/A.tsx': "import { x } from '../../cart/store';\nexport const a = x;\n",
      'src/client/features/orders/B.ts': "import { x } from '../cart/store';\nexport const b = x;\n",
      'src/client/features/orders/components/deep/C.tsx':
        "import { x } from '../../../cart/store';\nexport const c = x;\n",
      'src/client/features/orders/D.ts': "import { x } from '@/features/cart/store';\nexport const d = x;\n",
      'src/client/features/orders/E.ts': "import { x } from '@/app/router';\nexport const e = x;\n",
      'src/client/features/orders/F.ts': "import { x } from '../../../server/app';\nexport const f = x;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'src/client/features/orders/pages/A.tsx style/noRestrictedImports',
        'src/client/features/orders/B.ts style/noRestrictedImports',
        'src/client/features/orders/components/deep/C.tsx style/noRestrictedImports',
        'src/client/features/orders/D.ts style/noRestrictedImports',
        'src/client/features/orders/E.ts style/noRestrictedImports',
        'src/client/features/orders/F.ts style/noRestrictedImports',
      ]),
    );
  });

  it('a feature may import itself and the lower layers', () => {
    const found = lint({
      'src/client/features/orders/pages/A.tsx': [
        "import { a } from '../components/list';",
        "import { b } from '@/lib/format';",
        "import { c } from '@/entities/cart';",
        "import { d } from '@/stores/session-store';",
        "import { e } from '@common/money';",
        'export const all = [a, b, c, d, e];',
        '',
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });

  it('a component or page never calls the API itself: not api(), the file transfers or useCursorPages()', () => {
    const found = lint({
      'src/client/features/orders/components/A.tsx': "import { api } from '@/lib/api/client';\nexport const a = api;\n",
      'src/client/features/orders/pages/B.tsx':
        "import * as client from '@/lib/api/client';\nexport const b = client;\n",
      'src/client/features/orders/components/deep/C.tsx':
        "import { api } from '@/lib/api/client';\nexport const c = api;\n",
      'src/client/features/admin-orders/pages/D.tsx':
        "import { api } from '@/lib/api/client';\nexport const d = api;\n",
      'src/client/features/admin-orders/components/E.tsx':
        "import { ApiError, api } from '@/lib/api/client';\nexport const e = [api, ApiError];\n",
      'src/client/features/admin-coupons/components/deep/F.tsx':
        "import { api } from '@/lib/api/client';\nexport const f = api;\n",
      'src/client/features/admin-orders/pages/G.tsx':
        "import { downloadFile } from '@/lib/api/transfer';\nexport const g = downloadFile;\n",
      'src/client/features/admin-audit/pages/H.tsx':
        "import { useCursorPages } from '@/lib/hooks/use-cursor-pages';\nexport const h = useCursorPages;\n",
    });
    expect(found.sort()).toEqual(
      [
        'src/client/features/orders/components/A.tsx',
        'src/client/features/orders/pages/B.tsx',
        'src/client/features/orders/components/deep/C.tsx',
        'src/client/features/admin-orders/pages/D.tsx',
        'src/client/features/admin-orders/components/E.tsx',
        'src/client/features/admin-coupons/components/deep/F.tsx',
        'src/client/features/admin-orders/pages/G.tsx',
        'src/client/features/admin-audit/pages/H.tsx',
      ]
        .map((path) => `${path} style/noRestrictedImports`)
        .sort(),
    );
  });

  it("a feature's api/ files call the API; its components and pages use them, ApiError and API_BASE", () => {
    const found = lint({
      'src/client/features/admin-orders/api/orders-get.ts': [
        "import { api } from '@/lib/api/client';",
        "import { downloadFile } from '@/lib/api/transfer';",
        "import { useCursorPages } from '@/lib/hooks/use-cursor-pages';",
        'export const all = [api, downloadFile, useCursorPages];',
        '',
      ].join('\n'),
      'src/client/features/orders/api/cancel-order.ts':
        "import { api } from '@/lib/api/client';\nexport const b = api;\n",
      'src/client/features/admin-orders/pages/C.tsx': [
        "import { API_BASE, ApiError } from '@/lib/api/client';",
        "import { useOrder } from '../api/orders-get';",
        'export const c = [API_BASE, ApiError, useOrder];',
        '',
      ].join('\n'),
      'src/client/features/orders/components/D.tsx': [
        "import type { ApiError } from '@/lib/api/client';",
        "import { cancelOrder } from '../api/cancel-order';",
        'export const d: [ApiError | null, typeof cancelOrder] = [null, cancelOrder];',
        '',
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });

  it('lib/, stores/ and entities/ may not import a feature or app/', () => {
    const found = lint({
      'src/client/lib/format/a.ts': "import { x } from '@/features/cart/store';\nexport const a = x;\n",
      'src/client/stores/b.ts': "import { x } from '../features/cart/store';\nexport const b = x;\n",
      'src/client/entities/cart/c.ts': "import { x } from '@/app/router';\nexport const c = x;\n",
    });
    expect(found).toHaveLength(3);
  });

  it('src/common imports nothing of client, server or node; the server nothing of the client', () => {
    const found = lint({
      'src/common/a.ts': "import { x } from 'node:crypto';\nexport const a = x;\n",
      'src/common/b.ts': "import { x } from '../server/app';\nexport const b = x;\n",
      'src/server/orders/c.ts': "import { x } from '../../client/lib/api/client';\nexport const c = x;\n",
    });
    expect(found).toHaveLength(3);
  });

  it("a server domain may not import another domain's repository, at any depth (docs/decisions/038)", () => {
    const found = lint({
      'src/server/orders/a.ts': "import { x } from '../settings/repository';\nexport const a = x;\n",
      'src/server/operator/b.ts': "import { x } from '../catalog/admin-repository';\nexport const b = x;\n",
      'src/server/payments/c.ts': "import { x } from '../orders/event-repository.js';\nexport const c = x;\n",
      'src/server/telegram/bot/d.ts': "import { x } from '../../orders/repository';\nexport const d = x;\n",
      'src/server/catalog/catalogue-io/e.ts': "import { x } from '../../stock/repository';\nexport const e = x;\n",
      'src/server/mail/templates/f.tsx':
        "import { x } from '../../subscriptions/admin-repository.ts';\nexport const f = x;\n",
    });
    expect(found.sort()).toEqual(
      [
        'src/server/orders/a.ts',
        'src/server/operator/b.ts',
        'src/server/payments/c.ts',
        'src/server/telegram/bot/d.ts',
        'src/server/catalog/catalogue-io/e.ts',
        'src/server/mail/templates/f.tsx',
      ]
        .map((path) => `${path} style/noRestrictedImports`)
        .sort(),
    );
  });

  it("a server domain may import its own repositories and another domain's service", () => {
    const found = lint({
      'src/server/orders/a.ts': [
        "import { a } from './repository';",
        "import { b } from './event-repository';",
        "import { c } from '../settings/service';",
        "import { d } from '../catalog/upsert-service';",
        'export const all = [a, b, c, d];',
        '',
      ].join('\n'),
      'src/server/catalog/catalogue-io/b.ts': [
        "import { a } from './repository';",
        "import { b } from '../admin-repository';",
        "import { c } from '../repository';",
        "import { d } from '../../stock/service';",
        'export const all = [a, b, c, d];',
        '',
      ].join('\n'),
      'src/server/telegram/bot/c.ts': [
        "import { a } from './repository';",
        "import { b } from '../repository';",
        "import { c } from '../../orders/records';",
        'export const all = [a, b, c];',
        '',
      ].join('\n'),
      'src/server/mail/templates/d.tsx': "import { a } from '../repository';\nexport const d = a;\n",
    });
    expect(found).toEqual([]);
  });

  it('a deeper server file still may not import the client', () => {
    const found = lint({
      'src/server/telegram/bot/a.ts': "import { x } from '../../../client/lib/api/client';\nexport const a = x;\n",
      'src/server/mail/templates/b.tsx': "import { x } from '@/lib/format';\nexport const b = x;\n",
    });
    expect(found.sort()).toEqual([
      'src/server/mail/templates/b.tsx style/noRestrictedImports',
      'src/server/telegram/bot/a.ts style/noRestrictedImports',
    ]);
  });

  it('an import cycle is an error', () => {
    const found = lint({
      'src/server/lib/one.ts': "import { two } from './two';\nexport const one = () => two();\n",
      'src/server/lib/two.ts': "import { one } from './one';\nexport const two = () => one();\n",
    });
    expect(found).toEqual(expect.arrayContaining(['src/server/lib/one.ts suspicious/noImportCycles']));
  });
});
