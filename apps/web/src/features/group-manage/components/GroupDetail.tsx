import { Button, Group, Tabs } from '@mantine/core';
import { groupManageButtons, groupManageTitles, type GroupSummary } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { GroupMembers } from './GroupMembers';
import { GroupPermissions } from './GroupPermissions';
import classes from '../GroupManage.module.css';

interface GroupDetailProps {
  group: GroupSummary;
  onEdit: () => void;
  onDelete: () => void;
}

/** One group: its name and description, then its members and its permission matrix. */
export function GroupDetail({ group, onEdit, onDelete }: GroupDetailProps) {
  const t = useCaptions();
  const b = groupManageButtons;
  return (
    <section className={classes.detail} aria-labelledby="group-manage-detail">
      <div className={classes.detailHeader}>
        <div>
          <h2 id="group-manage-detail" className={classes.detailTitle}>
            {group.name}
          </h2>
          {group.description && <p className={classes.description}>{group.description}</p>}
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<Icon name="pencil" size={16} />} onClick={onEdit}>
            {t(b.edit)}
          </Button>
          <Button variant="default" color="red.8" leftSection={<Icon name="trash" size={16} />} onClick={onDelete}>
            {t(b.delete)}
          </Button>
        </Group>
      </div>
      {/* Both panels stay mounted: switching tabs never drops unsaved permission changes. */}
      <Tabs defaultValue="permissions" keepMounted>
        <Tabs.List>
          <Tabs.Tab value="permissions">{t(groupManageTitles.permissions)}</Tabs.Tab>
          <Tabs.Tab value="members">{t(groupManageTitles.members)}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="permissions" pt="md">
          <GroupPermissions group={group} />
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <GroupMembers group={group} />
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}
