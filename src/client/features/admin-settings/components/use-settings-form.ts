import type { AdminSettingsView } from '@common/contract/admin/settings';
import { formatCents } from '@common/money';
import type { TFunction } from 'i18next';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { errorText } from '@/lib/api/error-text';
import { useFocusFirstRefused } from '@/lib/hooks/use-focus-first-refused';
import { useClosingConfirmation } from '@/lib/telegram/closing-confirmation';
import { notify } from '@/lib/toast';
import { useSaveSettings } from '../api/save-settings';
import { BANK_KEYS, formFrom, NUMBER_KEYS, type Problem, readForm, type SettingsForm } from '../settings-form';

/** The fields a refusal of a setting names (switches cannot be refused: they are only ever on or off). */
const SETTING_FIELDS = new Set<string>([...NUMBER_KEYS, ...BANK_KEYS]);

/** The server's refusals at the fields they name. */
function serverErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const at: Record<string, string> = {};
  for (const f of err.fields) {
    if (SETTING_FIELDS.has(f.field)) at[f.field] = f.message;
  }
  return at;
}

function problemText(t: TFunction, p: Problem): string {
  switch (p.kind) {
    case 'dollars':
      return t('invalid.dollars', { min: formatCents(p.range.min), max: formatCents(p.range.max) });
    case 'whole':
      return t('invalid.whole', { min: p.range.min, max: p.range.max });
    case 'required':
      return t('invalid.required');
    case 'tooLong':
      return t('invalid.tooLong', { max: p.max });
  }
}

/**
 * The settings form's state against the saved `view`: the typed values, their errors (checked here first, then by
 * the server), whether anything changed (Telegram asks before closing then), and the save, which sends only what
 * changed. After a refused save the first field refused takes the focus.
 */
export function useSettingsForm(view: AdminSettingsView) {
  const { t } = useTranslation('admin-settings');
  const save = useSaveSettings();
  const [form, setForm] = useState<SettingsForm>(() => formFrom(view));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pristine = useMemo(() => JSON.stringify(formFrom(view)), [view]);
  const dirty = JSON.stringify(form) !== pristine;
  useClosingConfirmation(dirty);

  const refused = useFocusFirstRefused(formRef);

  /** Changes one value; its error goes until the next save. */
  const edit = (field: string, change: (f: SettingsForm) => SettingsForm) => {
    setForm(change);
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const read = readForm(form, view);
    const found = Object.fromEntries(Object.entries(read.problems).map(([k, p]) => [k, problemText(t, p)]));
    setErrors(found);
    if (Object.keys(found).length) {
      refused();
      notify.error(t('fixErrors'));
      return;
    }
    if (Object.keys(read.settings).length === 0) {
      setForm(formFrom(view));
      notify.info(t('nothingChanged'));
      return;
    }
    try {
      const saved = await save.mutateAsync(read.settings);
      setForm(formFrom(saved.view));
      notify.success(saved.message);
    } catch (err) {
      const at = serverErrors(err);
      if (Object.keys(at).length) {
        setErrors(at);
        refused();
      } else {
        setFormError(errorText(err, t('saveFailed')));
      }
    }
  };

  return { form, errors, formError, formRef, dirty, edit, submit, saving: save.isPending };
}
