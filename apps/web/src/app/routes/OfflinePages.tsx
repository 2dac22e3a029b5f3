import { Anchor, List, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { permitTypeName, useNavigation } from '../../features/navigation';
import { OfflineAvailability, OfflinePermitTypeList, useStoredOfflinePermits } from '../../features/offline';
import { SyncIssuesSection } from '../../features/sync';
import { offlineDashboardLabels as L } from '@hasp/contracts';
import { useCaptions } from '../../lib/i18n';
import { useSessionContext } from '../../lib/session-context';
import { ContentLoader } from '../../components/ContentLoader';
import { Page } from '../../components/Page';
import classes from './PlannedPage.module.css';

/**
 * The facility's offline-enabled permit types with their names. After a reload with no network the
 * settings are not known (`known` false): the stored permits then name their types themselves.
 */
function useOfflinePermitTypes() {
  const context = useSessionContext();
  const navigation = useNavigation();
  const codes = context.data?.facilitySettings.offlinePermitTypes ?? [];
  return {
    known: context.data !== undefined,
    types: codes.map((code) => ({ code, name: permitTypeName(navigation.data, code) ?? code })),
  };
}

/** `/offline/dashboard`: the offline-enabled permit types that have permits stored on this device. */
export function OfflineDashboardPage() {
  const { types } = useOfflinePermitTypes();
  const { isPending, groups } = useStoredOfflinePermits(types);
  const t = useCaptions();
  return (
    <Page title={t(L.dashboardTitle)} lead={t(L.dashboardLead)}>
      <OfflineAvailability />
      {isPending ? <ContentLoader /> : <OfflinePermitTypeList groups={groups} />}
      <SyncIssuesSection />
      {types.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            {t(L.typesAllowed)}
          </Text>
          <List size="sm">
            {types.map((type) => (
              <List.Item key={type.code}>
                <Anchor component={Link} to={`/offline/permit/${encodeURIComponent(type.code)}/index`}>
                  {type.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </div>
      )}
    </Page>
  );
}

/** `/offline/permit/:permitType/index`: the permits of one type stored on this device. */
export function OfflinePermitIndexPage() {
  const { permitType = '' } = useParams();
  const { known, types } = useOfflinePermitTypes();
  const type = types.find((t) => t.code === permitType);
  const navigation = useNavigation();
  const { isPending, groups } = useStoredOfflinePermits(type ? [type] : []);
  const group = groups.find((g) => g.code === permitType);
  const name = type?.name ?? group?.name ?? permitTypeName(navigation.data, permitType) ?? permitType;
  const t = useCaptions();
  return (
    <Page title={t(L.indexTitle)} childTitle={t(L.indexOf, { type: name })} permitType={permitType}>
      {isPending ? (
        <ContentLoader />
      ) : type || group || !known ? (
        <OfflinePermitTypeList groups={group ? [group] : []} linkToIndex={false} />
      ) : (
        <Text className={classes.note}>{t(L.typeNotOffline, { type: name })}</Text>
      )}
    </Page>
  );
}
