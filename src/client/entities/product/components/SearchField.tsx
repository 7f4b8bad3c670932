import { clipSearchText, SEARCH_MAX_LENGTH } from '@common/search-rules';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SearchIcon } from '@/lib/icons';
import '../locales';
import '../search-field.css';

interface Props {
  className?: string;
  /** After a search is submitted (e.g. to close the menu that holds the field). */
  onSearch?(): void;
}

/** The product list's routes: `/products` and `/products/:categoryId`. */
const LIST_PATH = /^\/products(\/|$)/;

/**
 * The shop's search (docs/decisions/017): a search landmark with a labelled field; Enter opens `/products?q=…` (on a
 * product list, that list with its category, filters and sort kept), Escape clears the field. Shows the list's search,
 * if any.
 */
export function SearchField({ className, onSearch }: Props) {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const withinList = LIST_PATH.test(location.pathname);
  const current = (withinList && params.get('q')) || '';
  const [text, setText] = useState(current);
  const inputId = useId();
  // Follow the list's search when it changes (a new search, or "Clear search").
  useEffect(() => setText(current), [current]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = clipSearchText(text);
    const next = withinList ? new URLSearchParams(params) : new URLSearchParams();
    if (q) next.set('q', q);
    else next.delete('q');
    const query = next.toString();
    navigate(`${withinList ? location.pathname : '/products'}${query ? `?${query}` : ''}`);
    onSearch?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && text) {
      // Escape clears the field (and goes no further: a menu holding it stays open).
      e.preventDefault();
      e.stopPropagation();
      setText('');
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a form (Enter submits) that is the search landmark; <search> is too new for every webview Telegram runs in
    <form
      role="search"
      aria-label={t('search.label')}
      className={['search-field', className].filter(Boolean).join(' ')}
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        className="search-field__input"
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t('search.placeholder')}
        enterKeyHint="search"
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="icon-btn search-field__submit" aria-label={t('search.submit')}>
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
