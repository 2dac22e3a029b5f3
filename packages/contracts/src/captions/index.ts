// Caption catalogs, one file per feature. The server registers every catalog exported from these
// files at startup (modules/translations/caption-catalog.ts), so export only catalogs from them.
export * from './define-captions';
export * from './login';
export * from './shell';
export * from './notifications';
export * from './announcements';
export * from './translations';
export * from './profile';
export * from './group-manage';
export * from './user-manage';
export * from './admin-settings';
export * from './administrator';
export * from './jobs';
export * from './user-management';
export * from './assets';
export * from './asset-components';
export * from './asset-import';
export * from './numbering';
export * from './tag-report-links';
export * from './master-lists';
export * from './questions';
export * from './permit-types';
export * from './permits';
export * from './permit-index';
export * from './dashboards';
export * from './isolation-plan';
export * from './lockboxes';
