// Tags (decision 0039): the tags of a permit's isolation points, their changes, print stamps and
// the public status page of a tag's QR code.

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
