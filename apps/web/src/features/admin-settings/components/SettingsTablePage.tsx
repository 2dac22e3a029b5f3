import { useState } from 'react';
import { Alert, Button, Loader, NativeSelect, Text, TextInput } from '@mantine/core';
import { adminSettingsTitles, settingsTableButtons, settingsTableLabels, type SettingEntry } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { useSettingEntries } from '../api/settings-table';
import { filterEntries } from '../setting-display';
import { SettingsTable } from './SettingsTable';
import classes from '../AdminSettings.module.css';

type ScopeFilter = 'all' | SettingEntry['scope'];

/** Settings › Settings Table (`/admin/settings`): every setting, with scope, type, default and value. */
export function SettingsTablePage() {
  const t = useCaptions();
  const title = t(adminSettingsTitles.settings);
  const childTitle = t(adminSettingsTitles.settingsTable);
  return (
    <RightNavGate id="settings-table" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(settingsTableLabels.lead)}>
        <SettingsTableContent />
      </Page>
    </RightNavGate>
  );
}

function SettingsTableContent() {
  const t = useCaptions();
  const entries = useSettingEntries();
  const [scope, setScope] = useState<ScopeFilter>('all');
  const [search, setSearch] = useState('');

  if (entries.isError) {
    return (
      <Alert color="red" title={t(settingsTableLabels.loadFailed)}>
        <Button variant="default" size="xs" onClick={() => void entries.refetch()}>
          {t(settingsTableButtons.retry)}
        </Button>
      </Alert>
    );
  }
  if (!entries.data) {
    return (
      <Text role="status" c="dimmed">
        <Loader size="xs" mr="xs" />
        {t(settingsTableLabels.loading)}
      </Text>
    );
  }
  const shown = filterEntries(entries.data, scope, search);
  return (
    <section>
      <div className={classes.filters} role="search">
        <NativeSelect
          label={t(settingsTableLabels.scopeFilter)}
          value={scope}
          data={[
            { value: 'all', label: t(settingsTableLabels.all) },
            { value: 'connection', label: t(settingsTableLabels.connection) },
            { value: 'facility', label: t(settingsTableLabels.facility) },
          ]}
          onChange={(event) => setScope(event.currentTarget.value as ScopeFilter)}
        />
        <TextInput
          className={classes.search}
          type="search"
          label={t(settingsTableLabels.search)}
          placeholder={t(settingsTableLabels['search::placeholder'])}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      </div>
      <p className={classes.count} aria-live="polite">
        {t(settingsTableLabels.shown, { shown: shown.length, total: entries.data.length })}
      </p>
      {shown.length ? <SettingsTable entries={shown} /> : <Text c="dimmed">{t(settingsTableLabels.noMatch)}</Text>}
    </section>
  );
}
