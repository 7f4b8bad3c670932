import { render } from '@testing-library/react';
import { countryName } from '../../../../src/client/features/admin-orders/components/AddressLines';
import { EmailText } from '../../../../src/client/lib/ui/admin/EmailText';

// Texts of the back office read on a phone (docs/decisions/055).
describe('back office texts on a phone', () => {
  it('breaks an e-mail address only after "@" and before each "."', () => {
    const { container } = render(
      <span>
        <EmailText email="olivia.longname.owner@example.com" />
      </span>,
    );
    expect(container.textContent).toBe('olivia.longname.owner@example.com');
    expect(container.innerHTML).toBe('<span>olivia<wbr>.longname<wbr>.owner@<wbr>example<wbr>.com</span>');
  });

  it('names a country in the page’s language, and keeps a code it does not know', () => {
    expect(countryName('PH', 'en')).toBe('Philippines');
    expect(countryName('ph', 'en')).toBe('Philippines');
    expect(countryName('PH', 'zh')).toBe('菲律宾');
    expect(countryName('CN', 'zh')).toBe('中国');
    expect(countryName('not a code', 'en')).toBe('not a code');
  });
});
