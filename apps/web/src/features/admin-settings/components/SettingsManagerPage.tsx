import { Alert, Button, Loader, Text } from '@mantine/core';
import { adminSettingsTitles, settingsManagerButtons, settingsManagerLabels } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { useFacilitySettings } from '../api/facility-settings';
import { SettingsManagerForm } from './SettingsManagerForm';

/** Settings Manager › Facility (`/admin/settings-manager/facility`). */
export function SettingsManagerPage() {
  const t = useCaptions();
  const title = t(adminSettingsTitles.settingsManager);
  const childTitle = t(adminSettingsTitles.facility);
  return (
    <RightNavGate id="settings-manager" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(settingsManagerLabels.lead)}>
        <SettingsManagerContent />
      </Page>
    </RightNavGate>
  );
}

function SettingsManagerContent() {
  const t = useCaptions();
  const settings = useFacilitySettings();
  if (settings.data) return <SettingsManagerForm data={settings.data} />;
  if (settings.isError) {
    return (
      <Alert color="red" title={t(settingsManagerLabels.loadFailed)}>
        <Button variant="default" size="xs" onClick={() => void settings.refetch()}>
          {t(settingsManagerButtons.retry)}
        </Button>
      </Alert>
    );
  }
  return (
    <Text role="status" c="dimmed">
      <Loader size="xs" mr="xs" />
      {t(settingsManagerLabels.loading)}
    </Text>
  );
}
