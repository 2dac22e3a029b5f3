import { permitHistoryStepCaptions, type PermitHistoryStep, type PermitHistoryStepKind } from '@hasp/contracts';
import { fillCaption } from '../translations';
import type { PermitAuditRow } from './permit-history.repository';

type Json = Record<string, unknown>;
const json = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The plan's verbs as history steps; a verb not listed (none today) is not an isolation step. */
const planSteps: Record<string, PermitHistoryStepKind> = {
  fill: 'planFilled',
  'add-point': 'pointAdded',
  'remove-point': 'pointRemoved',
  reorder: 'planReordered',
  notify: 'notified',
  'shut-down': 'shutDown',
  'isolate-point': 'pointIsolated',
  'release-stored-energy': 'storedEnergyReleased',
  'verify-point': 'pointVerified',
  'test-release': 'pointTestReleased',
  're-verify': 'pointReVerified',
  'inspect-area': 'areaInspected',
  'clear-people': 'peopleClear',
  'restore-point': 'pointRestored',
  'release-point': 'pointReleased',
  'notify-release': 'releaseNotified',
};

/** The tag changes that are isolation steps (printing a tag or its status link are not). */
const tagSteps: Record<string, PermitHistoryStepKind> = {
  apply: 'tagApplied',
  verify: 'tagVerified',
  remove: 'tagRemoved',
  void: 'tagVoided',
  'report-missing': 'tagMissing',
};

const lockboxSteps: Record<string, PermitHistoryStepKind> = {
  open: 'lockboxOpened',
  'deposit-keys': 'keysDeposited',
  'sign-on': 'signedOn',
  'sign-off': 'signedOff',
  release: 'lockboxReleased',
};

const step = (kind: PermitHistoryStepKind, values: Record<string, string> = {}): PermitHistoryStep => ({
  kind,
  values,
});

/** A lockbox row's crew member who signed on (in after, not before) or off (in before, not after). */
function crewMember(row: PermitAuditRow, verb: string): Record<string, string> {
  const onList = (value: unknown) =>
    (Array.isArray(json(value).signedOn) ? (json(value).signedOn as Json[]) : []).map((x) => Number(x.applicationId));
  const [from, to] = verb === 'sign-on' ? [row.before, row.after] : [row.after, row.before];
  const was = new Set(onList(from));
  const changed = onList(to).find((id) => !was.has(id));
  const member = row.crew?.find((x) => x.applicationId === changed);
  return { name: member?.name ?? '', lock: member?.lock ?? '' };
}

/**
 * The isolation steps one audit row records, each with the values its words name: none for the
 * permit's own rows and for the changes that are no isolation step (a tag printed); two for an
 * abandoned removal that took both a lock and a tag.
 */
export function historyStepsOf(row: PermitAuditRow): PermitHistoryStep[] {
  const [entity, verb = ''] = row.action.split(/\.(.*)/s);
  const before = json(row.before);
  const after = json(row.after);
  const point = row.place ?? '';
  switch (entity) {
    case 'isolation-plan': {
      const kind = planSteps[verb];
      if (!kind) return [];
      const heldBy = Array.isArray(after.heldBy) ? after.heldBy.map(text).join(', ') : '';
      return [
        step(kind, {
          point: text(after.code ?? before.code),
          count: text(after.points),
          method: text(after.method),
          result: text(after.result),
          permits: heldBy,
        }),
      ];
    }
    case 'lock':
      return [step(verb === 'apply' ? 'lockApplied' : 'lockRemoved', { lock: row.lock_serial ?? '', point })];
    case 'tag': {
      const kind = tagSteps[verb];
      return kind ? [step(kind, { tag: text(after.number ?? before.number), point })] : [];
    }
    case 'lockbox': {
      const kind = lockboxSteps[verb];
      if (!kind) return [];
      const lockbox = text(after.number ?? before.number);
      return [step(kind, verb === 'sign-on' || verb === 'sign-off' ? crewMember(row, verb) : { lockbox })];
    }
    case 'abandoned-removal': {
      const name = text(json(after.applier).displayName);
      const steps: PermitHistoryStep[] = [];
      if (after.lockSerial) steps.push(step('abandonedLockRemoved', { lock: text(after.lockSerial), name }));
      if (after.tagNumber) steps.push(step('abandonedTagRemoved', { tag: text(after.tagNumber), name }));
      return steps;
    }
    default:
      return [];
  }
}

/** A step in English words (the history's `summary`; screens and paper use the caption in the reader's language). */
export const stepWords = (s: PermitHistoryStep): string =>
  fillCaption(permitHistoryStepCaptions[s.kind].defaultCaption, s.values);
