import { announcementManagerLabels, announcementManagerTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { useCaptions } from '../../../lib/i18n';
import { AnnouncementManager } from './AnnouncementManager';
import { ManagerGate } from './ManagerGate';

/** `/announcement-manager`: the manager inside the main layout (right nav: Master List › Announcement Manage). */
export function AnnouncementManagerPage() {
  const t = useCaptions();
  return (
    <Page
      title={t(announcementManagerTitles.page)}
      childTitle={t(announcementManagerTitles.childPage)}
      lead={t(announcementManagerLabels.lead)}
    >
      <ManagerGate>
        <AnnouncementManager />
      </ManagerGate>
    </Page>
  );
}
