import type { Address } from '@common/contract/checkout';
import { useTranslation } from 'react-i18next';
import '../locales';
import '../user.css';

/** One address as lines of text (receiver and phone first). */
export function AddressLines({
  address,
}: {
  address: Pick<Address, 'receiver_name' | 'phone' | 'address' | 'city' | 'state_name' | 'zip' | 'company' | 'country'>;
}) {
  const { t } = useTranslation('user');
  const country =
    address.country === 'PH' || address.country === 'CN' ? t(`countries.${address.country}`) : address.country;
  return (
    <span className="address-lines">
      <strong>{address.receiver_name}</strong> · {address.phone}
      <br />
      {address.address}, {address.city}, {address.state_name} {address.zip}
      {address.company ? `, ${address.company}` : ''}, {country}
    </span>
  );
}
