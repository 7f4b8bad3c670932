import type { ReactNode } from 'react';
import { useIsInTelegram } from '../../telegram/launch';
import { useTelegramMainButton } from '../../telegram/main-button';
import { usePageTitle } from '../../use-page-title';
import './admin-ui.css';

export interface MainAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}

/**
 * A back-office screen: its heading, its toolbar, and its main action. Inside Telegram the main action is
 * Telegram's MainButton (docs/decisions/008), and the in-page button is hidden; in a browser it is the first
 * button of the toolbar.
 */
export function AdminPage({
  title,
  mainAction,
  mainActionInPage = true,
  actions,
  children,
}: {
  title: string;
  mainAction?: MainAction;
  /** False when the screen already shows the main action's button among its own (it is then only Telegram's). */
  mainActionInPage?: boolean;
  /** Other buttons beside the main action. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  const inTelegram = useIsInTelegram();
  const pageButton = mainAction && mainActionInPage && !inTelegram;
  useTelegramMainButton({
    text: mainAction?.label ?? '',
    visible: !!mainAction,
    enabled: !mainAction?.disabled,
    loading: !!mainAction?.loading,
    onClick: () => {
      // Telegram may report a press while the button is inactive.
      if (mainAction && !mainAction.disabled && !mainAction.loading) mainAction.onClick();
    },
  });
  return (
    <section className="admin-page" aria-labelledby="admin-page-title">
      <header className="admin-page__head">
        <h1 id="admin-page-title">{title}</h1>
        {(actions || pageButton) && (
          <div className="admin-page__actions">
            {pageButton && (
              <button
                type="button"
                className="btn btn--primary"
                onClick={mainAction.onClick}
                disabled={mainAction.disabled || mainAction.loading}
                aria-busy={mainAction.loading || undefined}
              >
                {mainAction.label}
              </button>
            )}
            {actions}
          </div>
        )}
      </header>
      {children}
    </section>
  );
}
