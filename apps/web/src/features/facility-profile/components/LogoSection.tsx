import { useState } from 'react';
import { Button, FileInput, Stack, Text } from '@mantine/core';
import {
  FACILITY_LOGO_MAX_BYTES,
  FACILITY_LOGO_TYPES,
  facilitySettingsButtons,
  facilitySettingsLabels,
  facilitySettingsMessages,
  type FacilityLogoType,
  type FacilityProfile,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf } from '../../../lib/send-form';
import { useRemoveFacilityLogo, useUploadFacilityLogo } from '../api/facility-profile';
import { FacilityLogo } from './FacilityLogo';
import columns from '../../../components/SettingsColumns.module.css';
import classes from '../FacilitySettings.module.css';

const isLogoType = (type: string): type is FacilityLogoType =>
  (FACILITY_LOGO_TYPES as readonly string[]).includes(type);

/** The file's bytes as base64 (what the upload carries). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve((reader.result as string).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The logo: what is shown now, and a file to replace it (checked here and again by the server). */
export function LogoSection({ profile }: { profile: FacilityProfile }) {
  const t = useCaptions();
  const upload = useUploadFacilityLogo();
  const remove = useRemoveFacilityLogo();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState<string>('');

  const submit = async () => {
    setStatus('');
    if (!file) return setProblem(t(facilitySettingsMessages.chooseFile));
    if (!isLogoType(file.type)) return setProblem(t(facilitySettingsMessages.logoType));
    if (file.size > FACILITY_LOGO_MAX_BYTES) return setProblem(t(facilitySettingsMessages.logoSize));
    setProblem(null);
    const data = await readBase64(file);
    upload.mutate(
      { contentType: file.type, data },
      {
        onSuccess: () => {
          setFile(null);
          setStatus(t(facilitySettingsMessages.logoSaved));
        },
        onError: (error) => setProblem(Object.values(fieldErrorsOf(error))[0] ?? null),
      },
    );
  };

  return (
    <section aria-labelledby="facility-logo-heading">
      <h2 id="facility-logo-heading" className={columns.sectionTitle}>
        {t(facilitySettingsLabels.logoHeading)}
      </h2>
      <p className={columns.sectionLead}>{t(facilitySettingsLabels['logo::description'])}</p>
      <div className={classes.logoPreview}>
        {profile.logo ? (
          <FacilityLogo profile={profile} variant="preview" alt={t(facilitySettingsLabels.currentLogo)} />
        ) : (
          <Text c="dimmed">{t(facilitySettingsLabels.noLogo)}</Text>
        )}
      </div>
      <Stack gap="md">
        <FileInput
          id="facility-logo-file"
          label={t(facilitySettingsLabels.logoFile)}
          accept={FACILITY_LOGO_TYPES.join(',')}
          clearable
          value={file}
          error={problem}
          onChange={(chosen) => {
            setFile(chosen);
            setProblem(null);
            setStatus('');
          }}
        />
        <div className={classes.formActions}>
          <Button onClick={() => void submit()} loading={upload.isPending}>
            {t(facilitySettingsButtons.upload)}
          </Button>
          {profile.logo && (
            <Button
              variant="default"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, { onSuccess: () => setStatus(t(facilitySettingsMessages.logoRemoved)) })
              }
            >
              {t(facilitySettingsButtons.remove)}
            </Button>
          )}
          <span role="status" className={classes.status}>
            {status}
          </span>
        </div>
      </Stack>
    </section>
  );
}
