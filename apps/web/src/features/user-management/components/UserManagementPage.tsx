import { Stack } from '@mantine/core';
import { userManagementLabels, userManagementTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { CsvImportPanel } from './CsvImportPanel';
import { UserGridManager } from './UserGridManager';

/** `/admin/user-management` (right nav: Security › NEW User Management). */
export function UserManagementPage() {
  const t = useCaptions();
  const title = t(userManagementTitles.page);
  const childTitle = t(userManagementTitles.childPage);
  return (
    <RightNavGate id="user-management" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(userManagementLabels.lead)}>
        <Stack gap="xl">
          <UserGridManager />
          <CsvImportPanel />
        </Stack>
      </Page>
    </RightNavGate>
  );
}
