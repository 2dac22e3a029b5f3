import { Alert, Button, Loader, Text } from '@mantine/core';
import { permitTypesButtons, permitTypesLabels, permitTypesMessages, type PermitLayout } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useArrangePermitTypes } from '../api/arrange-permit-types';
import { usePermitTypes } from '../api/get-permit-types';
import { reasonOf } from '../api/send-change';
import { moveGroup, moveType } from '../layout';
import type { Editing } from './editing';
import { GroupSection } from './GroupSection';
import classes from '../PermitTypes.module.css';

/** The groups in sidebar order, each with its types; moves are saved at once. */
export function PermitTypesList({ onEdit }: { onEdit: (editing: Editing) => void }) {
  const t = useCaptions();
  const query = usePermitTypes();
  const arrange = useArrangePermitTypes();
  if (query.isPending) {
    return (
      <div className={classes.loading} role="status">
        <Loader size="sm" />
        <Text size="sm">{t(permitTypesLabels.loading)}</Text>
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(permitTypesMessages.loadFailed)}{' '}
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          {t(permitTypesButtons.tryAgain)}
        </Button>
      </Alert>
    );
  }
  const groups = query.data.groups;
  const save = (layout: PermitLayout | null) => {
    if (layout && !arrange.isPending) arrange.mutate(layout);
  };
  return (
    <div className={classes.groups}>
      {arrange.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(permitTypesMessages.moveFailed, { reason: reasonOf(arrange.error) })}
        </Alert>
      )}
      {groups.length === 0 && <Text>{t(permitTypesLabels.noGroups)}</Text>}
      {groups.map((group, index) => (
        <GroupSection
          key={group.ID}
          group={group}
          isFirst={index === 0}
          isLast={index === groups.length - 1}
          moving={arrange.isPending}
          onMoveGroup={(step) => save(moveGroup(groups, group.ID, step))}
          onMoveType={(typeId, step) => save(moveType(groups, typeId, step))}
          canMoveType={(typeId, step) => moveType(groups, typeId, step) !== null}
          onEdit={onEdit}
        />
      ))}
    </div>
  );
}
