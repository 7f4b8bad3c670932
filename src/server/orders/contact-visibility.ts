import type { AdminOrderDetail, AdminOrderRow } from '../../common/contract/admin/orders';
import { type StaffRole, seesOrderContact } from '../../common/staff-rules';
import type { OrderSearch } from './admin-repository';

/**
 * Fulfilment sees a customer's contact and the delivery address only on the orders it packs (Paid, Processing;
 * `seesOrderContact`, docs/decisions/050): the order reads blank them on every other order, on the server, whatever
 * the back office shows. `role` null is the command line, which sees everything.
 */

/** One order's page, with the contact blanked when `role` does not see it. */
export function visibleDetail(detail: AdminOrderDetail, role: StaffRole | null): AdminOrderDetail {
  if (role === null || seesOrderContact(role, detail.status)) return detail;
  return {
    ...detail,
    customer: { ...detail.customer, email: '', phone: '' },
    delivery_address: { ...detail.delivery_address, receiver_name: '', phone: '', address: '', zip: '', company: null },
    // An address change's event carries the addresses.
    timeline: detail.timeline.map((e) => (e.kind === 'address_changed' ? { ...e, details: null } : e)),
  };
}

/** A row of the order list, with the contact blanked when `role` does not see it. */
export function visibleRow(row: AdminOrderRow, role: StaffRole | null): AdminOrderRow {
  if (role === null || seesOrderContact(role, row.status)) return row;
  return { ...row, customer: { ...row.customer, email: '' }, phone: '' };
}

/**
 * The list's search for `role`: fulfilment searches by order number only, so a phone number or an e-mail typed in the
 * search cannot tell whether that person ordered.
 */
export function visibleSearch(search: OrderSearch | undefined, role: StaffRole | null): OrderSearch | undefined {
  if (!search || role !== 'fulfilment') return search;
  // No order-number part: a search that matches nothing (admin-repository.ts).
  return search.orderNoPrefix ? { orderNoPrefix: search.orderNoPrefix } : {};
}
