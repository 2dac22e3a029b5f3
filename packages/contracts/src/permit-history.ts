import * as z from 'zod/mini';

/**
 * The isolation steps a permit's history names besides its own lifecycle (read from the audit rows
 * of its plan, locks, tags, lockboxes and abandoned removals), each with its words in English; the
 * placeholders are filled from the entry's `step.values` (captions `permitHistoryStepCaptions`).
 */
export const permitHistoryStepLabels = {
  planFilled: 'Isolation plan filled: {{count}} points',
  pointAdded: '{{point}} added to the plan',
  pointRemoved: '{{point}} removed from the plan',
  planReordered: 'Isolation plan reordered',
  notified: 'Affected employees notified',
  shutDown: 'Equipment shut down',
  pointIsolated: '{{point}} isolated',
  storedEnergyReleased: 'Stored energy released',
  pointVerified: '{{point}} verified: {{method}} — {{result}}',
  pointTestReleased: '{{point}} released for the test',
  pointReVerified: '{{point}} verified again: {{method}} — {{result}}',
  areaInspected: 'Work area inspected',
  peopleClear: 'People clear',
  pointRestored: '{{point}} restored',
  pointReleased: '{{point}} released to permits {{permits}}',
  releaseNotified: 'Affected employees notified of the release',
  lockApplied: 'Lock {{lock}} applied on {{point}}',
  lockRemoved: 'Lock {{lock}} removed from {{point}}',
  tagApplied: 'Tag {{tag}} hung on {{point}}',
  tagVerified: 'Tag {{tag}} on {{point}} checked',
  tagRemoved: 'Tag {{tag}} removed from {{point}}',
  tagVoided: 'Tag {{tag}} on {{point}} voided',
  tagMissing: 'Tag {{tag}} on {{point}} reported missing',
  lockboxOpened: 'Lockbox {{lockbox}} opened',
  keysDeposited: 'Keys deposited in lockbox {{lockbox}}',
  signedOn: 'Signed on: {{name}} (lock {{lock}})',
  signedOff: 'Signed off: {{name}} (lock {{lock}})',
  lockboxReleased: 'Lockbox {{lockbox}} released',
  abandonedLockRemoved: 'Lock {{lock}} of {{name}} removed as abandoned',
  abandonedTagRemoved: 'Tag {{tag}} of {{name}} removed as abandoned',
} as const;

export type PermitHistoryStepKind = keyof typeof permitHistoryStepLabels;
export const permitHistoryStepKinds = Object.keys(permitHistoryStepLabels) as [
  PermitHistoryStepKind,
  ...PermitHistoryStepKind[],
];

/** An isolation step of a history entry: which one and the values its words name (lock, tag, point, person). */
export const permitHistoryStepSchema = z.object({
  kind: z.enum(permitHistoryStepKinds),
  values: z.record(z.string(), z.string()),
});
export type PermitHistoryStep = z.infer<typeof permitHistoryStepSchema>;
