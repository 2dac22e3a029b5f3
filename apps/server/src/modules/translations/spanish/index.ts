import type { ShippedTranslation } from './translate-catalog';
import { announcementsSpanish } from './announcements';
import { assetImportSpanish } from './asset-import';
import { assetsSpanish } from './assets';
import { assetComponentsSpanish } from './asset-components';
import { loginSpanish } from './login';
import { masterListsSpanish } from './master-lists';
import { numberingSpanish } from './numbering';
import { profileSpanish } from './profile';
import { userReachSpanish } from './user-reach';
import { shellSpanish } from './shell';
import { tagReportLinksSpanish } from './tag-report-links';
import { questionsSpanish } from './questions';
import { permitTypesSpanish } from './permit-types';
import { permitsSpanish } from './permits';
import { permitHistorySpanish } from './permit-history';
import { permitIndexSpanish } from './permit-index';
import { dashboardsSpanish } from './dashboards';
import { myWorkSpanish } from './my-work';
import { isolationPlanSpanish } from './isolation-plan';
import { permitQuestionsSpanish } from './permit-questions';
import { hazardAnalysisSpanish } from './hazard-analysis';
import { lockboxesSpanish } from './lockboxes';
import { gasTestsSpanish } from './gas-tests';
import { simopsSpanish } from './simops';
import { signaturesSpanish } from './signatures';
import { tagsSpanish } from './tags';
import { locksSpanish } from './locks';
import { lockScanSpanish } from './lock-scan';
import { abandonedRemovalsSpanish } from './abandoned-removals';
import { attachmentsSpanish } from './attachments';
import { permitPdfSpanish } from './permit-pdf';
import { reportsSpanish } from './reports';
import { printingSpanish } from './printing';
import { notificationTemplatesSpanish } from './notification-templates';
import { connectScreenSpanish, connectSpanish } from './connect';
import { rulesSpanish } from './rules';
import { syncSpanish } from './sync';
import { offlineSpanish } from './offline';

/** The Spanish ('es') captions Hasp ships: the login, the shell, the announcements, the profile, Asset Manage, Component Manage, Import Manage, the permit page, the permit index, Dashboards, My work today, Lock Manage and the (e)(3) abandoned removals. */
export const spanishTranslations: ShippedTranslation[] = [
  ...loginSpanish,
  ...shellSpanish,
  ...announcementsSpanish,
  ...profileSpanish,
  ...userReachSpanish,
  ...assetComponentsSpanish,
  ...assetImportSpanish,
  ...assetsSpanish,
  ...numberingSpanish,
  ...tagReportLinksSpanish,
  ...masterListsSpanish,
  ...questionsSpanish,
  ...permitTypesSpanish,
  ...permitsSpanish,
  ...permitHistorySpanish,
  ...permitIndexSpanish,
  ...dashboardsSpanish,
  ...myWorkSpanish,
  ...isolationPlanSpanish,
  ...permitQuestionsSpanish,
  ...hazardAnalysisSpanish,
  ...lockboxesSpanish,
  ...gasTestsSpanish,
  ...simopsSpanish,
  ...signaturesSpanish,
  ...tagsSpanish,
  ...locksSpanish,
  ...lockScanSpanish,
  ...abandonedRemovalsSpanish,
  ...attachmentsSpanish,
  ...permitPdfSpanish,
  ...reportsSpanish,
  ...printingSpanish,
  ...notificationTemplatesSpanish,
  ...connectSpanish,
  ...connectScreenSpanish,
  ...rulesSpanish,
  ...syncSpanish,
  ...offlineSpanish,
];
