import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '@/lib/ui/Brand';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';

/**
 * The frame of the pages without header and footer (docs/product.md §3: /login, and the account pages beside it): the
 * brand and the language select, the page's title, its body, and a link back (to the shop or to the login).
 */
export function AuthPageShell({
  title,
  back,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <main className="page auth-page">
      <div className="auth-page__top">
        <Brand />
        <LanguageSelect />
      </div>
      <h1 className="auth-page__title">{title}</h1>
      {children}
      <Link to={back.to} className="auth-page__back">
        {back.label}
      </Link>
    </main>
  );
}
