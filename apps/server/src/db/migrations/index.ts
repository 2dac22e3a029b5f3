import type { Migration } from 'kysely';
import * as init from './2026-11-22T0000-init';
import * as permissions from './2026-11-22T0100-permissions-settings-notifications';
import * as languages from './2026-11-22T0200-languages-announcements';
import * as audit from './2026-11-22T0300-audit-log';
import * as appSettings from './2026-11-22T0400-app-settings';
import * as userAccounts from './2026-11-22T0500-user-accounts';
import * as facilityProfile from './2026-11-22T0700-facility-profile';
import * as saml from './2026-11-22T0800-saml';
import * as assets from './2026-11-22T0900-assets';
import * as permitTypeConfig from './2026-11-22T1000-permit-type-config';
import * as masterLists from './2026-11-22T1100-master-lists';
import * as numbering from './2026-11-22T1200-numbering';
import * as tagReportLinks from './2026-11-22T1250-tag-report-links';
import * as questions from './2026-11-22T1300-questions';
import * as sessionEndedNotify from './2026-11-22T1400-session-ended-notify';
import * as connectionGrants from './2026-11-22T1410-connection-grants';
import * as commandRunner from './2026-11-24T1000-command-runner';
import * as auditChain from './2026-11-24T1100-audit-chain';
import * as accessChangedNotify from './2026-11-24T1300-access-changed-notify';
import * as permits from './2026-11-24T1600-permits';
import * as permitLifecycle from './2026-11-25T0900-permit-lifecycle';
import * as permitExpiryNotices from './2026-11-25T1200-permit-expiry-notices';
import * as permitIndex from './2026-11-25T1300-permit-index';
import * as loto from './2026-11-26T0900-loto';
import * as lockManage from './2026-11-26T1000-lock-manage';
import * as permitIndexSpeed from './2026-11-26T1500-permit-index-speed';
import * as hazardAnalysis from './2026-11-27T1000-hazard-analysis';
import * as permitQuestions from './2026-11-27T1100-permit-questions';
import * as gasTests from './2026-11-27T1200-gas-tests';
import * as signatures from './2026-11-27T1300-signatures';
import * as attachments from './2026-11-27T1400-attachments';
import * as abandonedRemovalSessionNotify from './2026-11-27T1500-abandoned-removal-session-notify';
import * as offlineSync from './2026-11-28T1000-offline-sync';
import * as ssoSignatures from './2026-11-28T1500-sso-signatures';
import * as idempotencyClaim from './2026-11-29T1100-idempotency-claim';
import * as syncLocalRecords from './2026-11-29T1400-sync-local-records';
import * as syncProvisionalNumber from './2026-11-30T0900-sync-provisional-number';
import * as printing from './2026-12-01T0900-printing';
import * as reports from './2026-12-01T1100-reports';
import * as reportClaim from './2026-12-01T1101-report-claim';
import * as notificationTemplates from './2026-12-01T1300-notification-templates';
import * as printRecords from './2026-12-02T0900-print-records';
import * as dashboards from './2026-12-02T1000-dashboards';
import * as connect from './2026-12-02T1100-connect';
import * as lockOverdueNotices from './2026-12-02T1200-lock-overdue-notices';
import * as printRecordKeys from './2026-12-02T1300-print-record-keys';
import * as dashboardChangedNotify from './2026-12-02T1400-dashboard-changed-notify';
import * as dashboardSpeed from './2026-12-03T0900-dashboard-speed';
import * as areaSupervisors from './2026-12-03T1000-area-supervisors';
import * as offlinePermitSnapshots from './2026-12-04T0900-offline-permit-snapshots';
import * as offlineCopiesUncompressed from './2026-12-05T0900-offline-copies-uncompressed';
import * as auditChainDefiner from './2026-12-06T0900-audit-chain-definer';
import * as connectPrivateTargetsServerSetting from './2026-12-06T0900-connect-private-targets-server-setting';
import * as gasTestStanding from './2026-12-07T0900-gas-test-standing';
import * as permitHistorySteps from './2026-12-08T0900-permit-history-steps';
import * as permitReturns from './2026-12-09T0900-permit-returns';
import * as simops from './2026-12-09T1000-simops';
import * as offlineFacilityTimeZone from './2026-12-09T1100-offline-facility-time-zone';
import * as simopsOverridesUnchanging from './2026-12-09T1200-simops-overrides-unchanging';
import * as verbSignatures from './2026-12-09T1300-verb-signatures';
import * as signingSealKeys from './2026-12-10T0900-signing-seal-keys';
import * as signatureDeviceTime from './2026-12-10T1000-signature-device-time';
import * as permitHandovers from './2026-12-11T0900-permit-handovers';
import * as lockTagAndTryOut from './2026-12-12T0900-lock-tag-and-try-out';
import * as assignedLocks from './2026-12-13T0900-assigned-locks';
import * as lockLabelPrints from './2026-12-13T1000-lock-label-prints';
import * as tagApplierPrefill from './2026-12-13T1100-tag-applier-prefill';
import * as offlineDownloadCursors from './2026-12-14T0900-offline-download-cursors';
import * as announcementQuestionVersions from './2026-12-15T0900-announcement-question-versions';
import * as tagNotes from './2026-12-16T0900-tag-notes';

/** Every migration, by its timestamped name; kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-init': init,
  '2026-11-22T0100-permissions-settings-notifications': permissions,
  '2026-11-22T0200-languages-announcements': languages,
  '2026-11-22T0300-audit-log': audit,
  '2026-11-22T0400-app-settings': appSettings,
  '2026-11-22T0500-user-accounts': userAccounts,
  '2026-11-22T0700-facility-profile': facilityProfile,
  '2026-11-22T0800-saml': saml,
  '2026-11-22T0900-assets': assets,
  '2026-11-22T1000-permit-type-config': permitTypeConfig,
  '2026-11-22T1100-master-lists': masterLists,
  '2026-11-22T1200-numbering': numbering,
  '2026-11-22T1250-tag-report-links': tagReportLinks,
  '2026-11-22T1300-questions': questions,
  '2026-11-22T1400-session-ended-notify': sessionEndedNotify,
  '2026-11-22T1410-connection-grants': connectionGrants,
  '2026-11-24T1000-command-runner': commandRunner,
  '2026-11-24T1100-audit-chain': auditChain,
  '2026-11-24T1300-access-changed-notify': accessChangedNotify,
  '2026-11-24T1600-permits': permits,
  '2026-11-25T0900-permit-lifecycle': permitLifecycle,
  '2026-11-25T1200-permit-expiry-notices': permitExpiryNotices,
  '2026-11-25T1300-permit-index': permitIndex,
  '2026-11-26T0900-loto': loto,
  '2026-11-26T1000-lock-manage': lockManage,
  '2026-11-26T1500-permit-index-speed': permitIndexSpeed,
  '2026-11-27T1000-hazard-analysis': hazardAnalysis,
  '2026-11-27T1100-permit-questions': permitQuestions,
  '2026-11-27T1200-gas-tests': gasTests,
  '2026-11-27T1300-signatures': signatures,
  '2026-11-27T1400-attachments': attachments,
  '2026-11-27T1500-abandoned-removal-session-notify': abandonedRemovalSessionNotify,
  '2026-11-28T1000-offline-sync': offlineSync,
  '2026-11-28T1500-sso-signatures': ssoSignatures,
  '2026-11-29T1100-idempotency-claim': idempotencyClaim,
  '2026-11-29T1400-sync-local-records': syncLocalRecords,
  '2026-11-30T0900-sync-provisional-number': syncProvisionalNumber,
  '2026-12-01T0900-printing': printing,
  '2026-12-01T1100-reports': reports,
  '2026-12-01T1101-report-claim': reportClaim,
  '2026-12-01T1300-notification-templates': notificationTemplates,
  '2026-12-02T0900-print-records': printRecords,
  '2026-12-02T1000-dashboards': dashboards,
  '2026-12-02T1100-connect': connect,
  '2026-12-02T1200-lock-overdue-notices': lockOverdueNotices,
  '2026-12-02T1300-print-record-keys': printRecordKeys,
  '2026-12-02T1400-dashboard-changed-notify': dashboardChangedNotify,
  '2026-12-03T0900-dashboard-speed': dashboardSpeed,
  '2026-12-03T1000-area-supervisors': areaSupervisors,
  '2026-12-04T0900-offline-permit-snapshots': offlinePermitSnapshots,
  '2026-12-05T0900-offline-copies-uncompressed': offlineCopiesUncompressed,
  '2026-12-06T0900-audit-chain-definer': auditChainDefiner,
  '2026-12-06T0900-connect-private-targets-server-setting': connectPrivateTargetsServerSetting,
  '2026-12-07T0900-gas-test-standing': gasTestStanding,
  '2026-12-08T0900-permit-history-steps': permitHistorySteps,
  '2026-12-09T0900-permit-returns': permitReturns,
  '2026-12-09T1000-simops': simops,
  '2026-12-09T1100-offline-facility-time-zone': offlineFacilityTimeZone,
  '2026-12-09T1200-simops-overrides-unchanging': simopsOverridesUnchanging,
  '2026-12-09T1300-verb-signatures': verbSignatures,
  '2026-12-10T0900-signing-seal-keys': signingSealKeys,
  '2026-12-10T1000-signature-device-time': signatureDeviceTime,
  '2026-12-11T0900-permit-handovers': permitHandovers,
  '2026-12-12T0900-lock-tag-and-try-out': lockTagAndTryOut,
  '2026-12-13T0900-assigned-locks': assignedLocks,
  '2026-12-13T1000-lock-label-prints': lockLabelPrints,
  '2026-12-13T1100-tag-applier-prefill': tagApplierPrefill,
  '2026-12-14T0900-offline-download-cursors': offlineDownloadCursors,
  '2026-12-15T0900-announcement-question-versions': announcementQuestionVersions,
  '2026-12-16T0900-tag-notes': tagNotes,
};
