import type { StaffMember } from '@common/contract/admin/staff';
import { STAFF_ROLES, type StaffRole } from '@common/staff-rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/client';
import { notify } from '@/lib/toast';
import { AdminPage } from '@/lib/ui/admin/AdminPage';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { type Column, DataTable } from '@/lib/ui/DataTable';
import { FormField } from '@/lib/ui/FormField';
import { ListStatus } from '@/lib/ui/ListStatus';
import { useAddStaff } from '../api/staff-add';
import { useStaffList } from '../api/staff-list';
import { useRemoveStaff } from '../api/staff-remove';
import { useChangeRole } from '../api/staff-role';
import '../locales';
import { EmailText } from '@/lib/ui/admin/EmailText';

/** /admin/staff (owner): who is on the staff; Add staff, change a role, Remove (each confirmed). */
export default function StaffPage() {
  const { t } = useTranslation('admin-staff');
  const list = useStaffList();
  const [adding, setAdding] = useState(false);
  const [roleChange, setRoleChange] = useState<{ member: StaffMember; role: StaffRole } | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const columns: Column<StaffMember>[] = [
    { key: 'email', label: t('col.email'), render: (m) => <EmailText email={m.email} /> },
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
  const [formError, setFormError] = useState<unknown>(null);
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
          if (!email && !role) setFormError(err);
        },
      },
    );
  });

  return (
    <ConfirmDialog
      form
      title={t('add')}
      closeLabel={t('close')}
      confirmLabel={t('addSubmit')}
      cancelLabel={t('cancel')}
      busy={add.isPending}
      error={formError}
      onConfirm={submit}
      onClose={onClose}
    >
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
      <FormField label={t('role')} error={roleError}>
        {(control) => (
          <select {...control} className="input field__input" {...register('role')}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </ConfirmDialog>
  );
}

/** Asks before a change to the staff, with the refusal's message if the server refuses it. */
function ConfirmChange({
  title,
  text,
  confirmLabel,
  mutation,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  mutation: { isPending: boolean; error: unknown };
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin-staff');
  return (
    <ConfirmDialog
      title={title}
      closeLabel={t('close')}
      confirmLabel={confirmLabel}
      cancelLabel={t('cancel')}
      busy={mutation.isPending}
      error={mutation.error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{text}</p>
    </ConfirmDialog>
  );
}

function ConfirmRole({ member, role, onClose }: { member: StaffMember; role: StaffRole; onClose(): void }) {
  const { t } = useTranslation('admin-staff');
  const change = useChangeRole();
  return (
    <ConfirmChange
      title={t('roleTitle')}
      text={t('roleText', { email: member.email, role: t(`roles.${role}`) })}
      confirmLabel={t('changeRole')}
      mutation={change}
      onConfirm={() =>
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
      onClose={onClose}
    />
  );
}

function ConfirmRemove({ member, onClose }: { member: StaffMember; onClose(): void }) {
  const { t } = useTranslation('admin-staff');
  const remove = useRemoveStaff();
  return (
    <ConfirmChange
      title={t('removeTitle')}
      text={t('removeText', { email: member.email })}
      confirmLabel={t('remove')}
      mutation={remove}
      onConfirm={() =>
        remove.mutate(member.user_id, {
          onSuccess: () => {
            notify.success(t('removed'));
            onClose();
          },
        })
      }
      onClose={onClose}
    />
  );
}
