// The tags module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
export { planTag, type PlanTagInput } from './plan-tag';
export { applyTag, hangPointTagWithLock, removeTag, voidTag, type ChangeTagInput } from './change-tag';
export type { TagRecorder } from './tag-records';
export { removeTagAbandoned } from './remove-tag-abandoned';
export type { TagRow } from './tags.repository';
export { tagRoutes } from './tags.routes';
export { tagStatusRoutes } from './tag-status.routes';
export { tagCommandDefinitions } from './tag-command.service';
export { readTagsSection, readTagsSectionsForPermits } from './tags-section';
export { reprintTagCommand, type ReprintTagInput } from './reprint-tag';
export { listTagPrintRows, tagPointJoins, tagPrintStamp, type TagPrintRow } from './tag-print.repository';
