import { useEffect, useRef, useState, type DragEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Loader, Text } from '@mantine/core';
import {
  masterItemCaption,
  masterListButtons,
  masterListLabels,
  masterListMessages,
  masterListTitles,
  masterListTypeDescriptions,
  masterListTypeNames,
  type ManagedMasterListItem,
  type MasterListKey,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useChangeItem, useReorderItems } from '../api/change-items';
import { useMasterListItems } from '../api/get-master-lists';
import { reasonOf } from '../api/send-change';
import { moveItem } from '../reorder';
import { DeleteItemDialog } from './DeleteItemDialog';
import { ItemDialog } from './ItemDialog';
import classes from '../MasterListManage.module.css';

type Dialog = { kind: 'create' } | { kind: 'caption'; item: ManagedMasterListItem } | null;

/**
 * One list's items in order. Reorder by dragging a row (its handle shows where to take it) or with
 * its move buttons, which the keyboard reaches; each move is saved at once and announced.
 */
export function ListItems({ listKey }: { listKey: MasterListKey }) {
  const t = useCaptions();
  const items = useMasterListItems(listKey);
  const reorder = useReorderItems(listKey);
  const change = useChangeItem(listKey);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<ManagedMasterListItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragId, setDragId] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // The move button to give focus back to once the moved row is in its new place.
  const pendingFocus = useRef<{ id: number; direction: 'up' | 'down' } | null>(null);
  const order = items.data?.map((item) => item.ID).join(',');
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target || !listRef.current) return;
    const row = listRef.current.querySelector<HTMLElement>(`[data-item-id="${target.id}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    if (button) {
      button.focus();
      pendingFocus.current = null;
    }
  }, [order]);
  const listName = t(masterListTypeNames[listKey]);
  const headingId = `master-list-items-${listKey}`;
  const label = (item: ManagedMasterListItem) => t(masterItemCaption(listKey, item));

  if (items.isPending) {
    return (
      <Center py="xl" className={classes.panel}>
        <Loader aria-label={t(masterListLabels.items, { list: listName })} />
      </Center>
    );
  }
  if (items.isError) {
    return (
      <Alert color="red" variant="light" title={t(masterListMessages.loadFailed)} className={classes.panel}>
        <Button variant="default" mt="xs" onClick={() => void items.refetch()}>
          {t(masterListButtons.retry)}
        </Button>
      </Alert>
    );
  }
  const list = items.data;
  const ids = list.map((item) => item.ID);

  const move = (from: number, to: number, focusAfter?: 'up' | 'down') => {
    if (to < 0 || to >= list.length || from === to || reorder.isPending) return;
    const item = list[from]!;
    pendingFocus.current = focusAfter ? { id: item.ID, direction: focusAfter } : null;
    reorder.mutate(moveItem(ids, from, to), {
      onSuccess: () =>
        setAnnouncement(t(masterListMessages.moved, { name: label(item), position: to + 1, count: list.length })),
      onError: (error) =>
        showToast({
          title: label(item),
          message: t(masterListMessages.failed, { reason: reasonOf(error) }),
          tone: 'error',
        }),
    });
  };

  const toggleActive = (item: ManagedMasterListItem) =>
    change.mutate(
      { kind: 'active', item, isActive: !item.isActive },
      {
        onSuccess: () =>
          showToast({
            title: label(item),
            message: t(item.isActive ? masterListMessages.deactivated : masterListMessages.reactivated),
            tone: 'success',
          }),
        onError: (error) =>
          showToast({
            title: label(item),
            message: t(masterListMessages.failed, { reason: reasonOf(error) }),
            tone: 'error',
          }),
      },
    );

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const from = ids.indexOf(dragId ?? Number(event.dataTransfer.getData('text/plain')));
    setDragId(null);
    setOverIndex(null);
    if (from >= 0) move(from, index);
  };

  return (
    <section className={classes.panel} aria-labelledby={headingId}>
      <div className={classes.panelHeader}>
        <div>
          <h2 id={headingId} className={classes.sectionTitle}>
            {t(masterListLabels.items, { list: listName })}
          </h2>
          <Text size="sm" c="gray.7">
            {t(masterListTypeDescriptions[listKey])}
          </Text>
        </div>
        <Button leftSection={<Icon name="plus" size={18} />} onClick={() => setDialog({ kind: 'create' })}>
          {t(masterListButtons.add)}
        </Button>
      </div>
      {list.length === 0 ? (
        <Text>{t(masterListLabels.noItems)}</Text>
      ) : (
        <>
          <Text size="sm" c="gray.7" id={`${headingId}-hint`}>
            {t(masterListLabels.orderHint)}
          </Text>
          <ol
            ref={listRef}
            className={classes.items}
            aria-labelledby={headingId}
            aria-describedby={`${headingId}-hint`}
            aria-busy={reorder.isPending || undefined}
          >
            {list.map((item, index) => {
              const name = label(item);
              return (
                <li
                  key={item.ID}
                  data-item-id={item.ID}
                  data-value={item.value}
                  className={classes.item}
                  data-dragging={dragId === item.ID || undefined}
                  data-drop-target={overIndex === index && dragId !== null && dragId !== item.ID ? true : undefined}
                  data-inactive={!item.isActive || undefined}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', String(item.ID));
                    setDragId(item.ID);
                  }}
                  onDragOver={(event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (overIndex !== index) setOverIndex(index);
                  }}
                  onDrop={(event) => onDrop(event, index)}
                  onDragEnd={() => {
                    setDragId(null);
                    setOverIndex(null);
                  }}
                >
                  <span className={classes.handle} title={t(masterListLabels.dragHandle, { name })} data-drag-handle>
                    <Icon name="grip" size={20} />
                  </span>
                  <div className={classes.itemText}>
                    <span className={classes.itemCaption}>{name}</span>
                    {name !== item.value && (
                      <span className={classes.meta}>
                        {t(masterListLabels.value)}: {item.value}
                      </span>
                    )}
                    <span className={classes.badges}>
                      {!item.isActive && (
                        <Badge color="gray" variant="light" c="gray.8">
                          {t(masterListLabels.inactive)}
                        </Badge>
                      )}
                      {item.usageCount > 0 && (
                        <Badge color="blue" variant="light" c="blue.9">
                          {t(masterListLabels.inUse, { count: item.usageCount })}
                        </Badge>
                      )}
                    </span>
                  </div>
                  <div className={classes.itemActions}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      data-move="up"
                      aria-label={t(masterListButtons.moveUp, { name })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, 'up')}
                    >
                      <Icon name="chevron-up" size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      data-move="down"
                      aria-label={t(masterListButtons.moveDown, { name })}
                      disabled={index === list.length - 1}
                      onClick={() => move(index, index + 1, 'down')}
                    >
                      <Icon name="chevron-down" size={18} />
                    </ActionIcon>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={t(masterListButtons['editCaption::named'], { name })}
                      onClick={() => setDialog({ kind: 'caption', item })}
                    >
                      {t(masterListButtons.editCaption)}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={t(
                        item.isActive ? masterListButtons['deactivate::named'] : masterListButtons['reactivate::named'],
                        { name },
                      )}
                      loading={
                        change.isPending && change.variables.kind === 'active' && change.variables.item.ID === item.ID
                      }
                      onClick={() => toggleActive(item)}
                    >
                      {t(item.isActive ? masterListButtons.deactivate : masterListButtons.reactivate)}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      c="red.9"
                      aria-label={t(masterListButtons['delete::named'], { name })}
                      onClick={() => setDeleting(item)}
                    >
                      {t(masterListButtons.delete)}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <div className={classes.visuallyHidden} role="status" aria-live="polite">
        {reorder.isPending ? t(masterListLabels.saving) : announcement}
      </div>
      <ItemDialog
        listKey={listKey}
        opened={dialog !== null}
        item={dialog?.kind === 'caption' ? dialog.item : null}
        title={t(dialog?.kind === 'caption' ? masterListTitles.editCaption : masterListTitles.newItem)}
        onClose={() => setDialog(null)}
        onSaved={(saved, isNew) => {
          setDialog(null);
          showToast({
            title: saved.caption,
            message: t(isNew ? masterListMessages.created : masterListMessages.saved),
            tone: 'success',
          });
        }}
      />
      <DeleteItemDialog
        listKey={listKey}
        item={deleting}
        label={deleting ? label(deleting) : ''}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          showToast({ title: name, message: t(masterListMessages.deleted), tone: 'success' });
        }}
        onDeactivate={(item) => {
          setDeleting(null);
          toggleActive(item);
        }}
      />
    </section>
  );
}
