import { useParams } from 'react-router';
import { offlineDashboardLabels, offlinePermitLabels, permitsTitles } from '@hasp/contracts';
import { useCaptions } from '../../lib/i18n';
import {
  CommandFieldsContext,
  configureOfflinePermits,
  EditConflictView,
  type CommandFieldsProps,
  OfflinePermitCreate,
  PermitCreate,
  PermitEdit,
  permitPageId,
  usePermitNumber,
} from '../../features/permits';
import { queueCommand } from '../../features/sync';
import { sealSignature } from '../../features/signatures';
import { Page } from '../../components/Page';
import { AbandonedRemovalEntry } from '../../features/abandoned-removals';
import { offlineAppliers } from '../offline-appliers';
import { PermitCommandFields } from './PermitCommandFields';
import { permitSections } from './permit-sections';
import { usePermitTypeName } from './permit-type-name';

/** Fields other features add to the permit's command dialog (the SIMOPS override, the locks staying on). */
const permitCommandFields = (props: CommandFieldsProps) => <PermitCommandFields {...props} />;

// The permit page queues its offline changes through the outbox (decision 0058), a signature's
// password sealed to the server's key, never plain (decision 0102), each change applied on the
// device by its domain's rules.
configureOfflinePermits({ queueCommand, sealSignature, appliers: offlineAppliers });

/** `/Permit/Create/:permitType`. */
export function PermitCreatePage() {
  const t = useCaptions();
  const { permitType = '' } = useParams();
  const name = usePermitTypeName(permitType);
  return (
    <Page title={name} childTitle={t(permitsTitles.new)} permitType={permitType}>
      <PermitCreate key={permitType} permitTypeCode={permitType} />
    </Page>
  );
}

/**
 * `/Permit/Edit/:permitId` (and its attachments outlet below it, which shows no loading overlay:
 * the attachments arrive with their own issue).
 */
export function PermitEditPage() {
  const t = useCaptions();
  const { permitId = '' } = useParams();
  const id = permitPageId(permitId);
  const number = usePermitNumber(id);
  return (
    <Page
      title={t(permitsTitles.page)}
      childTitle={number ?? t(permitsTitles.edit, { id: permitId })}
      // The permit's header card names it again, one line below.
      phoneHeading="screen-reader"
    >
      {/* (e)(3): only for holders of loto:remove-abandoned, when others' locks or tags are on. */}
      <AbandonedRemovalEntry key={`abandoned-${id}`} permitId={id} />
      <CommandFieldsContext value={permitCommandFields}>
        <PermitEdit key={id} permitId={id} sections={permitSections} />
      </CommandFieldsContext>
    </Page>
  );
}

/** `/offline/permit/:permitType/create`: the create form kept on this device (decision 0058). */
export function OfflinePermitCreatePage() {
  const { permitType = '' } = useParams();
  const name = usePermitTypeName(permitType);
  const t = useCaptions();
  return (
    <Page
      title={t(offlineDashboardLabels.indexTitle)}
      childTitle={t(offlinePermitLabels.newOffline, { type: name })}
      permitType={permitType}
      lead={t(offlinePermitLabels.createLead)}
    >
      <OfflinePermitCreate key={permitType} permitTypeCode={permitType} />
    </Page>
  );
}

/** A permit edit's offline conflict in the sync panel (loaded with the permit pages' code, on first use). */
export { EditConflictView as PermitEditConflictView };
