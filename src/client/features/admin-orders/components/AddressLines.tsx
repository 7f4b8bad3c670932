import type { AdminOrderDetail } from '@common/contract/admin/orders';
import { useTranslation } from 'react-i18next';

const regionNames = new Map<string, Intl.DisplayNames>();

/**
 * A country's name in the page's language ("Philippines", "菲律宾") from its ISO code, by the browser's own list
 * (`Intl.DisplayNames`; the back office is no first screen, docs/decisions/029). The code itself when it is not one.
 */
export function countryName(code: string, lang: string): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region', fallback: 'code' });
    regionNames.set(lang, names);
  }
  try {
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The delivery address's lines (company, street, city/state/zip, country), inside the caller's <address>. */
export function AddressLines({ address: a }: { address: AdminOrderDetail['delivery_address'] }) {
  const { i18n } = useTranslation();
  return (
    <>
      {a.company && <span>{a.company}</span>}
      <span>{a.address}</span>
      <span>
        {a.city}, {a.state_name} {a.zip}
      </span>
      <span>{countryName(a.country, i18n.language)}</span>
    </>
  );
}
