import type { z } from 'zod';
import type * as accountDeletion from './account-deletion';
import type * as accountMail from './account-mail';
import type * as accounts from './accounts';
import type * as adminAffiliates from './admin/affiliates';
import type * as adminAudit from './admin/audit';
import type * as adminCatalogueIo from './admin/catalogue-io';
import type * as adminClientErrors from './admin/client-errors';
import type * as adminContent from './admin/content';
import type * as adminCoupons from './admin/coupons';
import type * as adminCustomerDeletion from './admin/customer-deletion';
import type * as adminCustomers from './admin/customers';
import type * as adminDashboard from './admin/dashboard';
import type * as adminDataExport from './admin/data-export';
import type * as adminExchanges from './admin/exchanges';
import type * as adminOrderActions from './admin/order-actions';
import type * as adminOrders from './admin/orders';
import type * as adminProducts from './admin/products';
import type * as adminSettings from './admin/settings';
import type * as adminShipping from './admin/shipping';
import type * as adminStaff from './admin/staff';
import type * as adminStock from './admin/stock';
import type * as adminSubscriptions from './admin/subscriptions';
import type * as adminSystem from './admin/system';
import type * as cart from './cart';
import type * as catalog from './catalog';
import type * as checkout from './checkout';
import type * as clientErrors from './client-errors';
import type * as dataExport from './data-export';
import type { EndpointDef } from './endpoint';
import type * as exchanges from './exchanges';
import type * as info from './info';
import type * as marketing from './marketing';
import type * as orders from './orders';
import type * as referral from './referral';
import type * as stockAlerts from './stock-alerts';
import type * as subscriptions from './subscriptions';
import type * as telegram from './telegram';

// Type-only view of every endpoint, keyed by path, for the client's typed API calls.
// Adding a domain's contract file: add `| EndpointsOf<typeof thatFile>` below.

type EndpointsOf<M> = { [K in keyof M]: M[K] extends EndpointDef ? M[K] : never }[keyof M];

type AllEndpoints =
  | EndpointsOf<typeof accounts>
  | EndpointsOf<typeof accountMail>
  | EndpointsOf<typeof accountDeletion>
  | EndpointsOf<typeof catalog>
  | EndpointsOf<typeof checkout>
  | EndpointsOf<typeof cart>
  | EndpointsOf<typeof orders>
  | EndpointsOf<typeof exchanges>
  | EndpointsOf<typeof info>
  | EndpointsOf<typeof referral>
  | EndpointsOf<typeof telegram>
  | EndpointsOf<typeof subscriptions>
  | EndpointsOf<typeof stockAlerts>
  | EndpointsOf<typeof clientErrors>
  | EndpointsOf<typeof dataExport>
  | EndpointsOf<typeof marketing>
  // The back office (docs/decisions/013).
  | EndpointsOf<typeof adminStaff>
  | EndpointsOf<typeof adminClientErrors>
  | EndpointsOf<typeof adminOrders>
  | EndpointsOf<typeof adminOrderActions>
  | EndpointsOf<typeof adminDashboard>
  | EndpointsOf<typeof adminSystem>
  | EndpointsOf<typeof adminCustomers>
  | EndpointsOf<typeof adminCustomerDeletion>
  | EndpointsOf<typeof adminDataExport>
  | EndpointsOf<typeof adminSubscriptions>
  | EndpointsOf<typeof adminAudit>
  | EndpointsOf<typeof adminContent>
  | EndpointsOf<typeof adminAffiliates>
  | EndpointsOf<typeof adminCatalogueIo>
  | EndpointsOf<typeof adminProducts>
  | EndpointsOf<typeof adminCoupons>
  | EndpointsOf<typeof adminSettings>
  | EndpointsOf<typeof adminShipping>
  | EndpointsOf<typeof adminExchanges>
  | EndpointsOf<typeof adminStock>;

export type ApiPath = AllEndpoints['path'];
export type EndpointAt<P extends ApiPath> = Extract<AllEndpoints, { path: P }>;
/** What the client passes (values as the server reads them; the client encodes them as form fields). */
export type ApiInput<P extends ApiPath> = z.output<EndpointAt<P>['request']>;
/** The envelope's `data` (or the bare body for bare paths). */
export type ApiOutput<P extends ApiPath> = z.output<EndpointAt<P>['response']>;
