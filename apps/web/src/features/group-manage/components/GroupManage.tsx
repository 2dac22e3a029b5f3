import { useState } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { groupManageButtons, groupManageLabels, groupManageMessages, groupManageTitles } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useGroups } from '../api/get-groups';
import { DeleteGroupDialog } from './DeleteGroupDialog';
import { GroupDetail } from './GroupDetail';
import { GroupDialog } from './GroupDialog';
import { GroupList } from './GroupList';
import classes from '../GroupManage.module.css';

interface GroupManageProps {
  creating: boolean;
  onCreatingDone: () => void;
}

/**
 * The groups of the facility beside the chosen group's members and permission matrix. The chosen
 * group lives in the address (`?group=12`), so a reload or the back button keeps it.
 */
export function GroupManage({ creating, onCreatingDone }: GroupManageProps) {
  const t = useCaptions();
  const groups = useGroups();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const selectedId = Number(params.get('group')) || null;
  const selected = groups.data?.find((g) => g.ID === selectedId) ?? null;
  const select = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('group');
      else next.set('group', String(id));
      return next;
    });

  if (groups.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(groupManageTitles.groups)} />
      </Center>
    );
  }
  if (groups.isError) {
    return (
      <Alert color="red" variant="light" title={t(groupManageMessages.loadFailed)}>
        <Button variant="default" mt="xs" onClick={() => void groups.refetch()}>
          {t(groupManageButtons.retry)}
        </Button>
      </Alert>
    );
  }

  return (
    <div className={classes.layout}>
      <section aria-labelledby="group-manage-groups">
        <h2 id="group-manage-groups" className={classes.sectionTitle}>
          {t(groupManageTitles.groups)}
        </h2>
        {groups.data.length === 0 ? (
          <Text>{t(groupManageLabels.noGroups)}</Text>
        ) : (
          <GroupList groups={groups.data} selectedId={selected?.ID ?? null} onSelect={select} />
        )}
      </section>
      {selected ? (
        <GroupDetail
          key={selected.ID}
          group={selected}
          onEdit={() => setEditing(true)}
          onDelete={() => setDeleting(true)}
        />
      ) : (
        <Text className={classes.detail}>{t(groupManageLabels.chooseGroup)}</Text>
      )}
      <GroupDialog
        opened={creating || editing}
        group={editing ? selected : null}
        onClose={() => {
          setEditing(false);
          onCreatingDone();
        }}
        onSaved={(saved, isNew) => {
          setEditing(false);
          onCreatingDone();
          showToast({
            title: saved.name,
            message: t(isNew ? groupManageMessages.created : groupManageMessages.saved),
            tone: 'success',
          });
          if (isNew) select(saved.ID);
        }}
      />
      <DeleteGroupDialog
        group={deleting ? selected : null}
        onClose={() => setDeleting(false)}
        onDeleted={(name) => {
          setDeleting(false);
          select(null);
          showToast({ title: name, message: t(groupManageMessages.deleted), tone: 'success' });
        }}
      />
    </div>
  );
}
