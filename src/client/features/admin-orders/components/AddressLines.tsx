import type { AdminOrderDetail } from '@common/contract/admin/orders';

/** The delivery address's lines (company, street, city/state/zip, country), inside the caller's <address>. */
export function AddressLines({ address: a }: { address: AdminOrderDetail['delivery_address'] }) {
  return (
    <>
      {a.company && <span>{a.company}</span>}
      <span>{a.address}</span>
      <span>
        {a.city}, {a.state_name} {a.zip}
      </span>
      <span>{a.country}</span>
    </>
  );
}
