import { useMemo, useState, type FormEvent } from 'react';
import { Button, NativeSelect, Select, Stack, TextInput, Textarea } from '@mantine/core';
import {
  facilitySettingsButtons,
  facilitySettingsLabels,
  facilitySettingsMessages,
  type FacilityProfile,
  type FacilityProfileInput,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf } from '../../../lib/send-form';
import { useSaveFacilityProfile } from '../api/facility-profile';
import { useAuthState } from '../../../lib/auth-session';
import { useLanguages } from '../../../lib/languages';
import { profileProblems, timeZoneOptions } from '../profile-form';
import columns from '../../../components/SettingsColumns.module.css';
import classes from '../FacilitySettings.module.css';

type Field = keyof FacilityProfileInput;
const fields: Field[] = ['name', 'address', 'timeZone', 'defaultLanguageCode'];

/** Name, address, time zone and default language of the facility. */
export function ProfileForm({ profile }: { profile: FacilityProfile }) {
  const t = useCaptions();
  const save = useSaveFacilityProfile();
  const { session } = useAuthState();
  const languages = useLanguages(session?.connectionStringName ?? '');
  const [values, setValues] = useState<FacilityProfileInput>({
    name: profile.name,
    address: profile.address,
    timeZone: profile.timeZone,
    defaultLanguageCode: profile.defaultLanguageCode,
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const zones = useMemo(() => timeZoneOptions(profile.timeZone), [profile.timeZone]);

  const change = (field: Field, value: string | null) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSaved(false);
    if (problems[field]) setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const show = (found: Partial<Record<Field, string>>) => {
    setProblems(found);
    const first = fields.find((field) => found[field]);
    if (first) document.getElementById(`facility-${first}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const found = profileProblems(values);
    if (Object.keys(found).length) {
      show(found);
      return;
    }
    save.mutate(
      { ...values, name: values.name.trim(), address: values.address.trim() },
      {
        onSuccess: () => {
          setProblems({});
          setSaved(true);
        },
        onError: (error) => show(fieldErrorsOf(error)),
      },
    );
  };

  const languageOptions = [
    { value: '', label: t(facilitySettingsLabels.noLanguage) },
    ...(languages.data ?? []).map((language) => ({ value: language.code, label: language.name })),
  ];
  if (values.defaultLanguageCode && !languageOptions.some((o) => o.value === values.defaultLanguageCode)) {
    languageOptions.push({ value: values.defaultLanguageCode, label: values.defaultLanguageCode });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="facility-profile-heading">
      <h2 id="facility-profile-heading" className={columns.sectionTitle}>
        {t(facilitySettingsLabels.profileHeading)}
      </h2>
      <Stack gap="md">
        <TextInput
          id="facility-name"
          label={t(facilitySettingsLabels.name)}
          required
          maxLength={200}
          value={values.name}
          error={problems.name}
          onChange={(event) => change('name', event.currentTarget.value)}
        />
        <Textarea
          id="facility-address"
          label={t(facilitySettingsLabels.address)}
          autosize
          minRows={2}
          maxLength={500}
          autoComplete="street-address"
          value={values.address}
          error={problems.address}
          onChange={(event) => change('address', event.currentTarget.value)}
        />
        <Select
          id="facility-timeZone"
          label={t(facilitySettingsLabels.timeZone)}
          description={t(facilitySettingsLabels['timeZone::description'])}
          required
          searchable
          limit={50}
          data={zones}
          value={values.timeZone}
          error={problems.timeZone}
          onChange={(zone) => change('timeZone', zone ?? '')}
        />
        <NativeSelect
          id="facility-defaultLanguageCode"
          label={t(facilitySettingsLabels.defaultLanguage)}
          description={t(facilitySettingsLabels['defaultLanguage::description'])}
          data={languageOptions}
          value={values.defaultLanguageCode ?? ''}
          error={problems.defaultLanguageCode}
          onChange={(event) => change('defaultLanguageCode', event.currentTarget.value || null)}
        />
        <div className={classes.formActions}>
          <Button type="submit" loading={save.isPending}>
            {t(facilitySettingsButtons.save)}
          </Button>
          <span role="status" className={classes.status}>
            {saved ? t(facilitySettingsMessages.saved) : ''}
          </span>
        </div>
      </Stack>
    </form>
  );
}
