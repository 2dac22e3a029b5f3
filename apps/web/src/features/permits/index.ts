// The permit page: create, edit and view a permit (online and offline), its command bar and dialogs, and
// its history.

// What app/ composes (loaded lazily after sign-in).

export { PermitCreate } from './components/PermitCreate';
export { PermitEdit } from './components/PermitEdit';
export { usePermitNumber } from './api/get-permit';
export { TimeLeft } from './components/TimeLeft';
export { type PermitSectionEntry } from './model/permit-sections';
export { OfflinePermitCreate } from './offline/OfflinePermitCreate';
export { permitPageId } from './offline/page-id';
export { configureOfflinePermits } from './offline/outbox';
export { permitOfflineApplier } from './offline/local-apply';
export { CommandFieldsContext, type CommandFieldsProps, type CommandFieldsHandle } from './model/command-fields';
/** A permit edit's offline conflict, field by field (the sync panel shows it; app/ composes it there). */
export { EditConflictView } from './components/EditConflictView';
