import type { ComponentType } from 'react';
import { RequireUser, USER_PAGES } from '../../../../src/client/app/guards/RequireUser';

/** A page behind the router's own guard, as the app serves it (guests go to /login, with the same rules). */
export function guarded(path: keyof typeof USER_PAGES, Page: ComponentType): ComponentType {
  return function Guarded() {
    return (
      <RequireUser {...USER_PAGES[path]}>
        <Page />
      </RequireUser>
    );
  };
}
