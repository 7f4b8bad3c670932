import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/error-text';
import { notify } from '@/lib/toast';
import { ConfirmDialog } from '@/lib/ui/admin/ConfirmDialog';
import { MoveAnnouncer, MoveButtons, useMoveRows } from '@/lib/ui/admin/MoveButtons';
import { ListStatus } from '@/lib/ui/ListStatus';
import '../locales';

/** The tabs whose items staff put in order; their strings are `banners.…` and `faq.…`. */
type Section = 'banners' | 'faq';

/** A change's failure as a toast (an ordered list shows the server's order again by itself). */
export const notifyError = (err: unknown) => notify.error(errorText(err) ?? '');

interface Item {
  id: number;
}

interface Props<T extends Item> {
  section: Section;
  /** The items' query: its loading and failure states. */
  list: Pick<UseQueryResult, 'data' | 'isPending' | 'error' | 'refetch'>;
  items: T[];
  /** The item's English name (also its name for screen readers and in the delete dialog). */
  name(item: T): string;
  nameZh(item: T): string;
  thumb?(item: T): ReactNode;
  details?(item: T): ReactNode;
  /** Actions before the move buttons (a banner's on/off switch). */
  actions?(item: T): ReactNode;
  footer?: ReactNode;
  useReorder(): Pick<UseMutationResult<unknown, Error, number[]>, 'mutate'>;
  /** A fresh delete mutation per dialog, so an earlier failure is not shown again. */
  useRemove(): Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending' | 'error'>;
  adding: boolean;
  onCloseAdding(): void;
  editor(item: T | null, onClose: () => void): ReactNode;
}

/**
 * A tab's items in the order the shop shows them (banners, FAQ questions): each with its English and Chinese name,
 * its own lines and switches, move up/down, Edit and Delete (confirmed); the editor of the item being edited, or of
 * a new one while `adding`. `footer` stands after the list (before the dialogs).
 */
export function ArrangedList<T extends Item>({
  section,
  list,
  items,
  name,
  nameZh,
  thumb,
  details,
  actions,
  footer,
  useReorder,
  useRemove,
  adding,
  onCloseAdding,
  editor,
}: Props<T>) {
  const { t } = useTranslation('admin-content');
  const reorder = useReorder();
  const moves = useMoveRows(items, name, (ids) => reorder.mutate(ids, { onError: notifyError }));
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  return (
    <>
      {list.data ? (
        items.length === 0 ? (
          <p>{t(`${section}.empty`)}</p>
        ) : (
          <ol className="acn-list" aria-label={t(`${section}.listLabel`)}>
            {items.map((item, i) => (
              <ArrangedItem
                key={item.id}
                section={section}
                items={items}
                name={name}
                nameZh={nameZh}
                thumb={thumb}
                details={details}
                actions={actions}
                item={item}
                index={i}
                moves={moves}
                onEdit={() => setEditing(item)}
                onDelete={() => setDeleting(item)}
              />
            ))}
          </ol>
        )
      ) : (
        <ListStatus isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} />
      )}
      <MoveAnnouncer text={moves.announcement} />
      {footer}
      {(adding || editing) &&
        editor(editing, () => {
          setEditing(null);
          onCloseAdding();
        })}
      {deleting && (
        <DeleteItem
          section={section}
          id={deleting.id}
          name={name(deleting)}
          useRemove={useRemove}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** One item of the list: its picture, names and lines, then its switches, move buttons, Edit and Delete. */
function ArrangedItem<T extends Item>({
  section,
  items,
  name,
  nameZh,
  thumb,
  details,
  actions,
  item,
  index,
  moves,
  onEdit,
  onDelete,
}: Pick<Props<T>, 'section' | 'items' | 'name' | 'nameZh' | 'thumb' | 'details' | 'actions'> & {
  item: T;
  index: number;
  moves: ComponentProps<typeof MoveButtons>['moves'];
  onEdit(): void;
  onDelete(): void;
}) {
  const { t } = useTranslation('admin-content');
  return (
    <li className="acn-item admin-card">
      {thumb?.(item)}
      <div className="acn-item__text">
        <p className="acn-item__title">
          <strong>{name(item)}</strong>
        </p>
        <p className="acn-item__meta" lang="zh">
          {nameZh(item)}
        </p>
        {details?.(item)}
      </div>
      <div className="acn-item__actions">
        {actions?.(item)}
        <MoveButtons id={item.id} index={index} total={items.length} name={name(item)} moves={moves} />
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={t(`${section}.editLabel`, { name: name(item) })}
          onClick={onEdit}
        >
          {t('edit')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          aria-label={t(`${section}.deleteLabel`, { name: name(item) })}
          onClick={onDelete}
        >
          {t('delete')}
        </button>
      </div>
    </li>
  );
}

function DeleteItem({
  section,
  id,
  name,
  useRemove,
  onClose,
}: Pick<Props<Item>, 'section' | 'useRemove'> & { id: number; name: string; onClose(): void }) {
  const { t } = useTranslation('admin-content');
  const remove = useRemove();
  return (
    <ConfirmDialog
      title={t(`${section}.deleteTitle`)}
      closeLabel={t('close')}
      confirmLabel={t('delete')}
      cancelLabel={t('cancel')}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            notify.success(t(`${section}.deleted`));
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <p>{t(`${section}.deleteText`, { name })}</p>
    </ConfirmDialog>
  );
}
