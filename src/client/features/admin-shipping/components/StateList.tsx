import type { AdminShippingState } from '@common/contract/admin/shipping';
import { formatCents } from '@common/money';
import type { ShippingCountry } from '@common/shipping-rules';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { MoveAnnouncer, MoveButtons, useMoveRows } from '@/lib/ui/admin/MoveButtons';
import { useReorderStates, useShippingChange } from '../api/shipping';
import { changesOf, formOf } from '../shipping-form';
import { StateFields } from './StateFields';
import { useStateForm } from './use-state-form';

/**
 * A country's states in the shop's order, retired ones too (marked): each with its names, code, fees and methods,
 * Up / Down to move it (the keyboard's way; the moved row's button keeps the focus), Edit (in the row) and Retire or
 * Restore.
 */
export function StateList({
  country,
  countryName,
  states,
}: {
  country: ShippingCountry;
  countryName: string;
  states: AdminShippingState[];
}) {
  const { t, i18n } = useTranslation('admin-shipping');
  const [editing, setEditing] = useState<number | null>(null);
  const reorder = useReorderStates();
  const name = (s: AdminShippingState) => (i18n.language === 'zh' ? s.name_zh : s.name_en);
  const moves = useMoveRows(states, name, (ids) =>
    reorder.mutate({ country, ids }, { onError: (err) => notify.error(errorText(err, t('saveFailed')) ?? '') }),
  );
  const retired = states.filter((s) => s.retired_at !== null).length;
  if (states.length === 0) return <p className="ash-note">{t('list.empty')}</p>;
  return (
    <>
      <p className="ash-note">
        {t('list.count', { count: states.length, retired })} {t('retireHint')}
      </p>
      <ol className="ash-list" aria-label={t('list.label', { country: countryName })}>
        {states.map((state, index) => (
          <li key={state.id} className={state.retired_at ? 'ash-item ash-item--retired' : 'ash-item'}>
            {editing === state.id ? (
              <StateEditor state={state} country={country} name={name(state)} onClose={() => setEditing(null)} />
            ) : (
              <StateRow
                state={state}
                name={name(state)}
                onEdit={() => setEditing(state.id)}
                move={
                  <MoveButtons id={state.id} index={index} total={states.length} name={name(state)} moves={moves} />
                }
              />
            )}
          </li>
        ))}
      </ol>
      <MoveAnnouncer text={moves.announcement} />
    </>
  );
}

function StateRow({
  state,
  name,
  onEdit,
  move,
}: {
  state: AdminShippingState;
  name: string;
  onEdit(): void;
  move: ReactNode;
}) {
  const { t, i18n } = useTranslation('admin-shipping');
  const retire = useShippingChange('/admin/shipping/states/retire');
  const restore = useShippingChange('/admin/shipping/states/restore');
  const other = i18n.language === 'zh' ? state.name_en : state.name_zh;
  const toggle = state.retired_at ? restore : retire;
  const fee = (method: 'standard' | 'expedited') => {
    const offered = method === 'standard' ? state.standard_offered : state.expedited_offered;
    const cents = method === 'standard' ? state.standard_fee_cents : state.expedited_fee_cents;
    return `${t(`method.${method}`)} ${offered ? formatCents(cents) : t('list.notOffered')}`;
  };
  return (
    <div className="ash-row">
      <div className="ash-row__name">
        <strong>{name}</strong> <span lang={i18n.language === 'zh' ? 'en' : 'zh'}>{other}</span>{' '}
        <code className="ash-code">{state.code}</code>
        {state.retired_at && <span className="ash-badge">{t('list.retired')}</span>}
      </div>
      <div className="ash-row__fees">
        <span>{fee('standard')}</span>
        <span>{fee('expedited')}</span>
      </div>
      <div className="ash-row__actions">
        {move}
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={t('editLabel', { state: name })}
          onClick={onEdit}
        >
          {t('edit')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={t(state.retired_at ? 'restoreLabel' : 'retireLabel', { state: name })}
          disabled={toggle.isPending}
          aria-busy={toggle.isPending || undefined}
          onClick={() =>
            toggle.mutate(
              { state_id: state.id },
              {
                onSuccess: (message) => notify.success(message),
                onError: (err) => notify.error(errorText(err, t('saveFailed')) ?? ''),
              },
            )
          }
        >
          {t(state.retired_at ? 'restore' : 'retire')}
        </button>
      </div>
    </div>
  );
}

/** A state's names, fees and methods edited in its row; only what changed is sent. */
function StateEditor({
  state,
  country,
  name,
  onClose,
}: {
  state: AdminShippingState;
  country: ShippingCountry;
  name: string;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-shipping');
  const update = useShippingChange('/admin/shipping/states/update');
  const form = useStateForm(
    () => formOf(state),
    country,
    false,
    async (values) => {
      const changes = changesOf(values, state);
      if (Object.keys(changes).length === 0) {
        onClose();
        return null;
      }
      const message = await update.mutateAsync({ state_id: state.id, ...changes });
      onClose();
      return message;
    },
  );
  const label = t('editing', { state: name });
  return (
    <form ref={form.formRef} className="ash-form" onSubmit={form.submit} noValidate aria-label={label}>
      <p className="ash-editing">
        {label} <code className="ash-code">{state.code}</code>
      </p>
      <StateFields state={form} withCode={false} country={country} />
      {form.formError && (
        <p className="field__error" role="alert">
          {form.formError}
        </p>
      )}
      <div className="ash-actions">
        <button type="submit" className="btn btn--primary" disabled={form.saving} aria-busy={form.saving || undefined}>
          {form.saving ? t('saving') : t('save')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
