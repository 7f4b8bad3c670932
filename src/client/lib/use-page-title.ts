import { useEffect } from 'react';

export const SHOP_TITLE = 'Leaf & Cup';

/** Sets the document title to "<title> · Leaf & Cup" while the screen shows (nothing while title is empty). */
export function usePageTitle(title: string | undefined | null): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${SHOP_TITLE}`;
  }, [title]);
}
