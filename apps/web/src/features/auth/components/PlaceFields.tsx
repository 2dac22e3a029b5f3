import { Loader, NativeSelect, Text } from '@mantine/core';
import { loginLabels, type Facility, type LoginPageData } from '@hasp/contracts';
import { FormMessage } from '../../../components/FormMessage';
import { useCaptions } from '../../../lib/i18n';
import type { LoginField } from './login-form-state';
import classes from './LoginPage.module.css';

/**
 * Where the user signs in: the connection and the facility dropdowns, each only when there is a
 * choice (the seed's rule), the facilities' loading line, and why there is none to choose.
 */
export function PlaceFields({
  pageData,
  connection,
  facilityId,
  facilities,
  loadingFacilities,
  notice,
  errorOf,
  onConnection,
  onFacility,
  onBlur,
}: {
  pageData: LoginPageData;
  connection: string;
  facilityId: string;
  /** The facilities to choose from (none while single sign-on has not named the user). */
  facilities: Facility[];
  loadingFacilities: boolean;
  notice: string | null;
  errorOf: (field: LoginField) => string | undefined;
  onConnection: (name: string) => void;
  onFacility: (facilityId: string) => void;
  onBlur: (field: LoginField) => void;
}) {
  const t = useCaptions();
  return (
    <>
      {pageData.connectionStringNames.length > 1 && (
        <NativeSelect
          label={t(loginLabels.connection)}
          required
          value={connection}
          onChange={(event) => onConnection(event.currentTarget.value)}
          onBlur={() => onBlur('connectionStringName')}
          error={errorOf('connectionStringName')}
          data={[
            { value: '', label: t(loginLabels['connection::placeholder']) },
            ...pageData.connectionStringNames.map((name) => ({ value: name, label: name })),
          ]}
        />
      )}

      {facilities.length > 1 && (
        <NativeSelect
          label={t(loginLabels.facility)}
          required
          value={facilityId}
          onChange={(event) => onFacility(event.currentTarget.value)}
          onBlur={() => onBlur('facilityId')}
          error={errorOf('facilityId')}
          data={[
            { value: '', label: t(loginLabels['facility::placeholder']) },
            ...facilities.map((facility) => ({ value: String(facility.ID), label: facility.name })),
          ]}
        />
      )}

      {loadingFacilities && (
        <Text size="sm" c="dimmed" role="status" className={classes.pending}>
          <Loader size="xs" color="steel" /> {t(loginLabels.loadingFacilities)}
        </Text>
      )}

      {notice && <FormMessage tone="warning">{notice}</FormMessage>}
    </>
  );
}
