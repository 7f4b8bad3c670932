import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { CopyField } from '@/lib/ui/CopyField';
import { useGenerateAffiliateLink } from '../api/generate-affiliate-link';
import '../locales';

/** Link generator: a referral link to any page of the shop. */
export function LinkGeneratorTab() {
  const { t } = useTranslation('affiliate');
  const generate = useGenerateAffiliateLink();
  const pathId = useId();
  const hintId = useId();
  const errorId = useId();
  const [path, setPath] = useState('/');
  const [error, setError] = useState<string | null>(null);

  const run = (value: string) => {
    if (!value.trim()) {
      setError(t('links.pathRequired'));
      return;
    }
    setError(null);
    generate.mutate(value.trim(), {
      onError: (err) => setError(err instanceof ApiError ? (err.field('path') ?? err.message) : String(err)),
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(path);
  };
  const presets: Array<[string, string]> = [
    [t('links.home'), '/'],
    [t('links.products'), '/products'],
    [t('links.faq'), '/faq'],
  ];

  return (
    <div className="ref-card aff-form">
      <h2 className="aff-form__title">{t('links.title')}</h2>
      <p className="aff-note">{t('links.intro')}</p>
      <form onSubmit={submit} noValidate>
        <div className="aff-field">
          <label htmlFor={pathId}>{t('links.path')}</label>
          <input
            id={pathId}
            className="aff-input"
            value={path}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onChange={(e) => {
              setPath(e.target.value);
              if (error) setError(null);
            }}
          />
          <span id={hintId} className="aff-hint">
            {t('links.pathHint')}
          </span>
          {error && (
            <span id={errorId} className="aff-error" role="alert">
              {error}
            </span>
          )}
        </div>
        <fieldset className="aff-presets">
          <legend>{t('links.presets')}</legend>
          {presets.map(([label, value]) => (
            <button
              key={value}
              type="button"
              className="btn btn--secondary aff-presets__btn"
              onClick={() => {
                setPath(value);
                run(value);
              }}
            >
              {label}
            </button>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary" disabled={generate.isPending}>
          {generate.isPending ? t('links.submitting') : t('links.submit')}
        </button>
      </form>
      {generate.data && !error && (
        <div className="aff-result" aria-live="polite">
          <CopyField label={t('links.result')} value={generate.data.link} copyLabel={t('links.copy')} />
        </div>
      )}
    </div>
  );
}
