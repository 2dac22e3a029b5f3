import { Alert, Anchor, Button, Loader, Paper, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  adminSettingsTitles,
  approvalStageLabels,
  facilitySettingsButtons,
  facilitySettingsLabels,
} from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { useFacilityProfile } from '../api/facility-profile';
import { LogoSection } from './LogoSection';
import { ProfileForm } from './ProfileForm';
import columns from '../../../components/SettingsColumns.module.css';

/** Settings › Facility Settings (`/facility-settings`): the facility's profile and logo. */
export function FacilitySettingsPage() {
  const t = useCaptions();
  const title = t(adminSettingsTitles.settings);
  const childTitle = t(adminSettingsTitles.facilitySettings);
  return (
    <RightNavGate id="facility-settings" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(facilitySettingsLabels.lead)}>
        <FacilitySettingsContent />
      </Page>
    </RightNavGate>
  );
}

function FacilitySettingsContent() {
  const t = useCaptions();
  const profile = useFacilityProfile();
  if (profile.data) {
    return (
      <div className={columns.columns}>
        <Paper withBorder radius="md" p="lg">
          <ProfileForm key={profile.data.ID} profile={profile.data} />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <LogoSection profile={profile.data} />
        </Paper>
        {/* The facility's approval stages have their own screen. */}
        <Paper withBorder radius="md" p="lg">
          <Anchor component={Link} to="/facility-settings/approval-stages" display="inline-block" py="xs">
            {t(approvalStageLabels.title)}
          </Anchor>
        </Paper>
      </div>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" title={t(facilitySettingsLabels.loadFailed)}>
        <Button variant="default" size="xs" onClick={() => void profile.refetch()}>
          {t(facilitySettingsButtons.retry)}
        </Button>
      </Alert>
    );
  }
  return (
    <Text role="status" c="dimmed">
      <Loader size="xs" mr="xs" />
      {t(facilitySettingsLabels.loading)}
    </Text>
  );
}
