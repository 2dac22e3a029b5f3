import { Button } from '@mantine/core';
import { useState } from 'react';
import { groupManageButtons, groupManageLabels, groupManageTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { GroupManage } from './GroupManage';

/** `/security/group-manage` (right nav: Security › Group Manage). */
export function GroupManagePage() {
  const t = useCaptions();
  const title = t(groupManageTitles.page);
  const childTitle = t(groupManageTitles.childPage);
  // Opened from the page heading's button, shown by the screen (which owns the dialog).
  const [creating, setCreating] = useState(false);
  return (
    <RightNavGate id="group-manage" title={title} childTitle={childTitle}>
      <Page
        title={title}
        childTitle={childTitle}
        lead={t(groupManageLabels.lead)}
        actions={
          <Button leftSection={<Icon name="plus" size={18} />} onClick={() => setCreating(true)}>
            {t(groupManageButtons.create)}
          </Button>
        }
      >
        <GroupManage creating={creating} onCreatingDone={() => setCreating(false)} />
      </Page>
    </RightNavGate>
  );
}
