import type { StaffMember } from '@common/contract/admin/staff';
import { STAFF_ROLES, type StaffRole } from '@common/staff-rules';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { FormField } from '@/lib/ui/FormField';
import { ListStatus } from '@/lib/ui/ListStatus';
import { Modal } from '@/lib/ui/Modal';
import { useAddStaff, useChangeRole, useRemoveStaff, useStaffList } from '../api';
import '../locales';

const messageOf = (err: unknown): string | null =>
  err instanceof ApiError ? err.message : err ? String((err as Error).message ?? err) : null;

/** /admin/staff (owner): who is on the staff; Add staff, change a role, Remove (each confirmed). */
export default function StaffPage() {
  const { t } = useTranslation('admin-staff');
  const list = useStaffList();
  const [adding, setAdding] = useState(false);
  const [roleChange, setRoleChange] = useState<{ member: StaffMember; role: StaffRole } | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const columns: Column<StaffMember>[] = [
    { key: 'email', label: t('col.email'), render: (m) => m.email },
    { key: 'name', label: t('col.name'), render: (m) => m.nickname },
    {
      key: 'role',
      label: t('col.role'),
      render: (m) => (
        <select
          aria-label={t('roleFor', { email: m.email })}
          value={m.role}
          onChange={(e) => setRoleChange({ member: m, role: e.target.value as StaffRole })}
        >
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      ),
    },
    {
      key: 'telegram',
      label: t('col.telegram'),
      render: (m) => (m.telegram_linked ? t('linked') : t('notLinked')),
    },
    {
      key: 'alerts',
      label: t('col.alerts'),
      render: (m) => (
        <span className={m.notify_telegram ? 'admin-badge admin-badge--ok' : 'admin-badge'}>
          {m.notify_telegram ? t('on') : t('off')}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('col.actions'),
      render: (m) => (
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={t('removeLabel', { email: m.email })}
          onClick={() => setRemoving(m)}
        >
          {t('remove')}
        </button>
      ),
    },
  ];

  return (
    <AdminPage title={t('title')} mainAction={{ label: t('add'), onClick: () => setAdding(true) }}>
      {list.data ? (
        <DataTable
          caption={t('listCaption')}
          columns={columns}
          rows={list.data.staff}
          rowKey={(m) => m.user_id}
          empty={t('empty')}
        />
      ) : (
        <ListStatus isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} />
      )}
      {adding && <AddStaff onClose={() => setAdding(false)} />}
      {roleChange && <ConfirmRole {...roleChange} onClose={() => setRoleChange(null)} />}
      {removing && <ConfirmRemove member={removing} onClose={() => setRemoving(null)} />}
    </AdminPage>
  );
}

function AddStaff({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('admin-staff');
  const add = useAddStaff();
  const roleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [roleError, setRoleError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ email: string; role: StaffRole }>({ defaultValues: { email: '', role: 'fulfilment' } });

  const submit = handleSubmit((values) => {
    setFormError(null);
    setRoleError(null);
    add.mutate(
      { email: values.email.trim(), role: values.role },
      {
        onSuccess: () => {
          notify.success(t('added'));
          onClose();
        },
        onError: (err) => {
          const email = err instanceof ApiError ? err.field('email') : undefined;
          const role = err instanceof ApiError ? err.field('role') : undefined;
          if (email) setError('email', { message: email }, { shouldFocus: true });
          if (role) setRoleError(role);
          if (!email && !role) setFormError(messageOf(err));
        },
      },
    );
  });

  return (
    <Modal title={t('add')} closeLabel={t('close')} onClose={onClose} busy={add.isPending}>
      <form onSubmit={submit} noValidate>
        <FormField
          label={t('email')}
          type="email"
          autoComplete="off"
          hint={t('emailHint')}
          error={errors.email?.message}
          registration={register('email', {
            validate: (v) => (v.trim() ? true : t('emailRequired')),
          })}
        />
        <div className={roleError ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={roleId}>
            {t('role')}
          </label>
          <select
            id={roleId}
            className="input field__input"
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? `${roleId}-error` : undefined}
            {...register('role')}
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
          {roleError && (
            <p id={`${roleId}-error`} className="field__error" role="alert">
              {roleError}
            </p>
          )}
        </div>
        {formError && (
          <p className="field__error" role="alert">
            {formError}
          </p>
        )}
        <div className="admin-page__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={add.isPending}
            aria-busy={add.isPending || undefined}
          >
            {t('addSubmit')}
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={add.isPending}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ConfirmRole({ member, role, onClose }: { member: StaffMember; role: StaffRole; onClose(): void }) {
  const { t } = useTranslation('admin-staff');
  const change = useChangeRole();
  const error = messageOf(change.error);
  return (
    <Modal title={t('roleTitle')} closeLabel={t('close')} onClose={onClose} busy={change.isPending}>
      <p>{t('roleText', { email: member.email, role: t(`roles.${role}`) })}</p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-page__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={change.isPending}
          aria-busy={change.isPending || undefined}
          onClick={() =>
            change.mutate(
              { user_id: member.user_id, role },
              {
                onSuccess: () => {
                  notify.success(t('changed'));
                  onClose();
                },
              },
            )
          }
        >
          {t('changeRole')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={change.isPending}>
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}

function ConfirmRemove({ member, onClose }: { member: StaffMember; onClose(): void }) {
  const { t } = useTranslation('admin-staff');
  const remove = useRemoveStaff();
  const error = messageOf(remove.error);
  return (
    <Modal title={t('removeTitle')} closeLabel={t('close')} onClose={onClose} busy={remove.isPending}>
      <p>{t('removeText', { email: member.email })}</p>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-page__actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          onClick={() =>
            remove.mutate(member.user_id, {
              onSuccess: () => {
                notify.success(t('removed'));
                onClose();
              },
            })
          }
        >
          {t('remove')}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={remove.isPending}>
          {t('cancel')}
        </button>
      </div>
    </Modal>
  );
}
