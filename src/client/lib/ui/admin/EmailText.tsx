import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column breaks between its parts (after "@", before each ".") rather than inside a
 * word ("examp|le.com" on a phone, docs/decisions/055): a <wbr> at each such place.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
