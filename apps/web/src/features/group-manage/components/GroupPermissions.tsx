import { Alert, Button, Center, Loader } from '@mantine/core';
import { groupManageButtons, groupManageMessages, groupManageTitles, type GroupSummary } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSessionContext } from '../../../lib/session-context';
import { usePermissionCatalogue } from '../api/get-permission-catalogue';
import { useGroupPermissions } from '../api/group-permissions';
import { PermissionMatrix } from './PermissionMatrix';

/** Loads what the matrix needs: the facility's catalogue, the group's grants and the caller's own. */
export function GroupPermissions({ group }: { group: GroupSummary }) {
  const t = useCaptions();
  const catalogue = usePermissionCatalogue();
  const granted = useGroupPermissions(group.ID);
  const context = useSessionContext();
  if (catalogue.isPending || granted.isPending || context.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t(groupManageTitles.permissions)} />
      </Center>
    );
  }
  if (catalogue.isError || granted.isError || context.isError) {
    return (
      <Alert color="red" variant="light" title={t(groupManageMessages.permissionsFailed)}>
        <Button
          variant="default"
          mt="xs"
          onClick={() => {
            void catalogue.refetch();
            void granted.refetch();
            void context.refetch();
          }}
        >
          {t(groupManageButtons.retry)}
        </Button>
      </Alert>
    );
  }
  return (
    <PermissionMatrix
      group={group}
      catalogue={catalogue.data}
      saved={granted.data.permissions}
      held={context.data.permissions}
    />
  );
}
