import { type RefObject, useEffect, useRef, useState } from 'react';
import { focusables } from '@/lib/hooks/use-dialog-focus';
import type { TagKind } from './use-shop-menu';

export type PanelId = 'main' | 'shop' | TagKind;
export type PanelState = 'active' | 'before' | 'after';

/**
 * The sliding levels of the side menu (MobileMenu.tsx): the path of open panels, entering and leaving one, and
 * where focus goes when the active panel changes.
 */
export function useMenuPanels(dialog: RefObject<HTMLDivElement | null>) {
  const [path, setPath] = useState<PanelId[]>(['main']);
  const active = path[path.length - 1] ?? 'main';
  // The control that opened each submenu gets focus back when the submenu is left.
  const openers = useRef(new Map<PanelId, HTMLElement>());
  const returning = useRef<PanelId | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = dialog.current?.querySelector<HTMLElement>(`[data-panel="${active}"]`);
    const back = returning.current ? openers.current.get(returning.current) : undefined;
    returning.current = null;
    // preventScroll: the panel is still sliding in; scrolling it into view would shift the whole viewport.
    (back ?? (root ? focusables(root)[0] : undefined))?.focus({ preventScroll: true });
  }, [active, dialog]);

  const enter = (panel: PanelId) => (e: { currentTarget: HTMLElement }) => {
    openers.current.set(panel, e.currentTarget);
    setPath((p) => [...p, panel]);
  };
  const back = () => {
    returning.current = active;
    setPath((p) => (p.length > 1 ? p.slice(0, -1) : p));
  };

  const state = (panel: PanelId): PanelState =>
    panel === active ? 'active' : path.includes(panel) ? 'before' : 'after';

  return { enter, back, state };
}
