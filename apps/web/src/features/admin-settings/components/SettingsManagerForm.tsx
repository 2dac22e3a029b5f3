import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  LOGIN_TIMEOUT_MAX,
  LOGIN_TIMEOUT_MIN,
  PREFIX_MAX_LENGTH,
  settingsManagerButtons,
  settingsManagerLabels,
  settingsManagerMessages,
  type FacilitySettingsAdmin,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf } from '../../../lib/send-form';
import { useSaveFacilitySettings } from '../api/facility-settings';
import { formProblems, toFormValues, toSettings, type SettingsFormValues } from '../form-values';
import classes from '../AdminSettings.module.css';

const moduleNames = ['OfflineMode', 'CustomDashboards', 'Notifications'] as const;
const moduleCaptions = {
  OfflineMode: ['offlineMode', 'offlineMode::description'],
  CustomDashboards: ['customDashboards', 'customDashboards::description'],
  Notifications: ['notifications', 'notifications::description'],
} as const;

/** Field IDs in the page, from the server's field names (`prefixes.LOTO` → `settings-prefixes-LOTO`). */
const fieldId = (field: string) => `settings-${field.replace(/\./g, '-')}`;

/** The Settings Manager's form: general settings, modules, offline permit types and prefixes. */
export function SettingsManagerForm({ data }: { data: FacilitySettingsAdmin }) {
  const t = useCaptions();
  const save = useSaveFacilitySettings();
  const [values, setValues] = useState<SettingsFormValues>(() => toFormValues(data.settings));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const codes = data.permitTypes.map((p) => p.code);

  const change = (next: Partial<SettingsFormValues>, field?: string) => {
    setValues((current) => ({ ...current, ...next }));
    setSaved(false);
    if (field && problems[field]) setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const showProblems = (found: Record<string, string>) => {
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const found = formProblems(values, codes);
    if (Object.keys(found).length) {
      showProblems(found);
      return;
    }
    save.mutate(toSettings(values), {
      onSuccess: (result) => {
        setValues(toFormValues(result.settings));
        setProblems({});
        setSaved(true);
      },
      // What the user typed stays; the server's words go beside the fields they are about.
      onError: (error) => showProblems(fieldErrorsOf(error) as Record<string, string>),
    });
  };

  const hasProblems = Object.keys(problems).length > 0;

  return (
    <form noValidate onSubmit={submit}>
      <div className={classes.sections}>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-general-heading">
          <h2 id="settings-general-heading" className={classes.sectionTitle}>
            {t(settingsManagerLabels.generalHeading)}
          </h2>
          <Stack gap="md" mt="md">
            <TextInput
              id={fieldId('generalSettings.loginTimeout')}
              label={t(settingsManagerLabels.loginTimeout)}
              description={t(settingsManagerLabels['loginTimeout::description'], {
                min: LOGIN_TIMEOUT_MIN,
                max: LOGIN_TIMEOUT_MAX,
              })}
              inputMode="numeric"
              required
              maxLength={6}
              value={values.loginTimeout}
              error={problems['generalSettings.loginTimeout']}
              onChange={(event) => change({ loginTimeout: event.currentTarget.value }, 'generalSettings.loginTimeout')}
            />
            <TextInput
              id={fieldId('generalSettings.infoUrl')}
              type="url"
              label={t(settingsManagerLabels.infoUrl)}
              description={t(settingsManagerLabels['infoUrl::description'])}
              maxLength={2000}
              value={values.infoUrl}
              error={problems['generalSettings.infoUrl']}
              onChange={(event) => change({ infoUrl: event.currentTarget.value }, 'generalSettings.infoUrl')}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-modules-heading">
          <h2 id="settings-modules-heading" className={classes.sectionTitle}>
            {t(settingsManagerLabels.modulesHeading)}
          </h2>
          <Stack gap="md" mt="md">
            {moduleNames.map((name) => (
              <Switch
                key={name}
                id={fieldId(`moduleSettings.${name}`)}
                label={t(settingsManagerLabels[moduleCaptions[name][0]])}
                description={t(settingsManagerLabels[moduleCaptions[name][1]])}
                checked={values.moduleSettings[name]}
                error={problems[`moduleSettings.${name}`]}
                onChange={(event) =>
                  change({ moduleSettings: { ...values.moduleSettings, [name]: event.currentTarget.checked } })
                }
              />
            ))}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-offline-heading">
          <h2 id="settings-offline-heading" className={classes.sectionTitle}>
            {t(settingsManagerLabels.offlineTypesHeading)}
          </h2>
          <p className={classes.sectionLead}>{t(settingsManagerLabels['offlineTypes::description'])}</p>
          {data.permitTypes.length === 0 && <Text c="dimmed">{t(settingsManagerLabels.noPermitTypes)}</Text>}
          <Checkbox.Group
            id={fieldId('offlinePermitTypes')}
            aria-labelledby="settings-offline-heading"
            value={values.offlinePermitTypes}
            error={problems.offlinePermitTypes}
            onChange={(offlinePermitTypes) => change({ offlinePermitTypes }, 'offlinePermitTypes')}
          >
            <Stack gap="xs">
              {data.permitTypes.map((type) => (
                <Checkbox
                  key={type.code}
                  value={type.code}
                  label={t(settingsManagerLabels.permitType, { name: type.name, code: type.code })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="settings-prefixes-heading">
          <h2 id="settings-prefixes-heading" className={classes.sectionTitle}>
            {t(settingsManagerLabels.prefixesHeading)}
          </h2>
          <p className={classes.sectionLead}>{t(settingsManagerLabels['prefixes::description'])}</p>
          <div className={classes.prefixes}>
            {data.permitTypes.map((type) => (
              <TextInput
                key={type.code}
                id={fieldId(`prefixes.${type.code}`)}
                label={t(settingsManagerLabels.permitType, { name: type.name, code: type.code })}
                required
                maxLength={PREFIX_MAX_LENGTH + 10}
                value={values.prefixes[type.code] ?? ''}
                error={problems[`prefixes.${type.code}`]}
                onChange={(event) =>
                  change(
                    { prefixes: { ...values.prefixes, [type.code]: event.currentTarget.value } },
                    `prefixes.${type.code}`,
                  )
                }
              />
            ))}
          </div>
        </Paper>
      </div>

      <div className={classes.formActions}>
        <Button type="submit" loading={save.isPending}>
          {t(settingsManagerButtons.save)}
        </Button>
        <span role="status" className={hasProblems ? classes.problem : classes.status}>
          {hasProblems ? t(settingsManagerMessages.fixFields) : saved ? t(settingsManagerMessages.saved) : ''}
        </span>
      </div>
    </form>
  );
}
