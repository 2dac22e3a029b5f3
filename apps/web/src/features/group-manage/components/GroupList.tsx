import type { GroupSummary } from '@hasp/contracts';
import { groupManageLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../GroupManage.module.css';

interface GroupListProps {
  groups: GroupSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The facility's groups; choosing one shows its members and permissions. */
export function GroupList({ groups, selectedId, onSelect }: GroupListProps) {
  const t = useCaptions();
  return (
    <ul className={classes.groupList}>
      {groups.map((group) => (
        <li key={group.ID}>
          <button
            type="button"
            className={classes.groupButton}
            aria-current={group.ID === selectedId ? 'true' : undefined}
            onClick={() => onSelect(group.ID)}
          >
            <span className={classes.groupName}>{group.name}</span>
            <span className={classes.groupMeta}>{t(groupManageLabels.memberCount, { count: group.memberCount })}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
