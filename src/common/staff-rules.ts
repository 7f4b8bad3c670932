/**
 * The shop's staff (docs/decisions/013): three roles and what each may do. The server checks a path's
 * permission before it reads the request; the back office hides what a role may not use with the same table.
 */

export const STAFF_ROLES = ['owner', 'manager', 'fulfilment'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);

export const PERMISSIONS = [
  /** The dashboard's to-do list (every role). */
  'dashboard',
  /** Revenue, order counts and average order value. */
  'reports',
  /** Orders: list, page, packing slip, export. */
  'orders.view',
  /** Orders: processing, tracking, completed. */
  'orders.fulfil',
  /** Orders: confirm payment, reject receipt, cancel, record refund. */
  'orders.money',
  /**
   * Exchanges (docs/decisions/020): approve or decline a customer's request. Seeing requests needs only `orders.view`
   * (fulfilment sees them read-only, to pack what is sent instead).
   */
  'exchanges',
  /** Customers, their cash reward and referrals. */
  'customers',
  /** Delete a customer's account on their request (owner; docs/decisions/050). */
  'customers.delete',
  /** A copy of a customer's data, made and downloaded in the back office (owner; docs/decisions/051). */
  'customers.export',
  /** Agents, commissions, payouts. */
  'affiliates',
  'subscriptions',
  /** Products, packagings, stock (part 2). */
  'catalogue',
  'coupons',
  /** Banners, pages, FAQ (part 2). */
  'content',
  /** Add, change and remove staff (owner). */
  'staff',
  /** The shop's settings: rewards, bank account, unpaid hours, alerts (owner). */
  'settings',
  /** States or provinces, their delivery fees and methods, free delivery (docs/decisions/041). */
  'shipping',
  /** The audit log (owner). */
  'audit',
  /** The System page: release, instances, database, jobs, outboxes, backups, webhooks (owner). */
  'system',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OWNER_ONLY: readonly Permission[] = [
  'staff',
  'settings',
  'audit',
  'system',
  'customers.delete',
  'customers.export',
];
const MANAGER: readonly Permission[] = PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p));

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: MANAGER,
  // Orders: see, pack, ship, complete. No money decisions, no catalogue, no coupons, no customers' money.
  fulfilment: ['dashboard', 'orders.view', 'orders.fulfil'],
};

/**
 * The statuses of the orders fulfilment packs and ships (Paid, Processing): the only orders whose delivery name,
 * phone and address, and the customer's e-mail and phone, a fulfilment member sees (docs/decisions/050). The other
 * roles see them on every order.
 */
export const PACKING_STATUSES: readonly string[] = ['Paid', 'Processing'];

/** Whether `role` sees the customer's contact and the delivery address of an order in `status`. */
export const seesOrderContact = (role: StaffRole | null | undefined, status: string): boolean =>
  role !== 'fulfilment' || PACKING_STATUSES.includes(status);

/** Whether a role may do something. `undefined` permission: any staff member. */
export function can(role: StaffRole | null | undefined, permission?: Permission): boolean {
  if (!role || !isStaffRole(role)) return false;
  return permission === undefined || ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * The kinds of change the audit log can be filtered by (an action's prefix, e.g. `order.confirm_payment`).
 * `catalogue.*`: products, packagings, images, stock and imports; `content.*`: banners, pages, FAQ;
 * `settings.*`: the shop's settings; `shipping.*`: states, delivery fees and free delivery (docs/decisions/041).
 */
export const AUDIT_KINDS = [
  'order',
  'staff',
  'commission',
  'payout',
  'subscription',
  'agent',
  'catalogue',
  'coupon',
  'content',
  'settings',
  'shipping',
  /** Exchange requests approved or declined (docs/decisions/020). */
  'exchange',
  /**
   * Accounts deleted by their customer or by the owner on request (docs/decisions/050), and copies of a customer's
   * data made by the owner (docs/decisions/051).
   */
  'customer',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
