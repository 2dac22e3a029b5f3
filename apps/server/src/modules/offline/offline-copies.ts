import { createHash } from 'node:crypto';
import type { OfflineFlags as ViewerFlags, OfflinePermit } from '@hasp/contracts';

/**
 * A permit's stored offline copy (decision 0082): its offline JSON as text with a marker in place of
 * each field that depends on who asks or when (`offlineFlagKeys`) and of each value many permits
 * repeat (a question version, a stage's problems, the risk matrix: kept once in `values`, by the hash
 * of their JSON). A page is then assembled from stored texts (`assemblePermits`) without parsing or
 * building them again: each marker replaced by the viewer's flag or by the value's index in the
 * page's shared table, exactly as `compactOfflinePermits` would have sent it.
 *
 * A marker is a JSON string starting with U+0000, which no stored text can hold (PostgreSQL's text
 * refuses it), so no user's words are ever taken for one.
 */
const MARK = '\u0000';
const markerPattern = /"\\u0000([fqv]):([^"]*)"/g;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** Fields answered for the caller (their permissions, who they are) or for the moment asked. */
const sectionFlags: readonly (readonly [section: string, field: string])[] = [
  ['isolation-plan', 'allowedVerbs'],
  ['questions', 'canAnswer'],
  ['crew-sign-on', 'mySignOn'],
  ['crew-sign-on', 'myLocks'],
  ['crew-sign-on', 'devices'],
  ['crew-sign-on', 'allowed'],
  ['crew-sign-on', 'blocked'],
  ['gas-tests', 'refusal'],
  ['gas-tests', 'canRecord'],
  ['gas-tests', 'canVoid'],
  ['hazard-analysis', 'canEdit'],
  ['hazard-analysis', 'editRefusal'],
  ['attachments', 'canAttach'],
];
/** Flags whose value, the same for many permits, goes to the page's shared values as the compact form sends it. */
const sharedFlags: ReadonlySet<string> = new Set(['crew-sign-on.devices']);

/** A permit's flags by key (`permit.allowedCommands`, `tags.<ID>.allowedCommands`, `<section>.<field>`…). */
export type OfflineFlags = Map<string, unknown>;

/** The flags of an offline permit as its readers answered them for one viewer at one moment. */
export function flagsOf(offline: OfflinePermit): OfflineFlags {
  const flags: OfflineFlags = new Map([['permit.allowedCommands', offline.permit.allowedCommands]]);
  const { sections } = offline;
  for (const [name, field] of sectionFlags) {
    const section = sections[name];
    if (isObject(section) && field in section) flags.set(`${name}.${field}`, section[field]);
  }
  const tags = sections.tags;
  if (Array.isArray(tags))
    for (const tag of tags as Json[]) flags.set(`tags.${String(tag.ID)}.allowedCommands`, tag.allowedCommands);
  const attachments = sections.attachments;
  if (isObject(attachments) && Array.isArray(attachments.attachments)) {
    for (const attachment of attachments.attachments as Json[]) {
      flags.set(`attachments.${String(attachment.ID)}.canRemove`, attachment.canRemove);
    }
  }
  return flags;
}

/** A stored copy: the text with markers and the repeated values it names, by hash (their JSON). */
export interface OfflineCopy {
  body: string;
  values: Map<string, string>;
}

/** The copy of an offline permit (as any viewer's readers answered it: its flags become markers). */
export function copyOf(offline: OfflinePermit): OfflineCopy {
  const values = new Map<string, string>();
  const shared = (kind: 'q' | 'v', value: unknown) => {
    const text = JSON.stringify(value);
    const hash = createHash('sha1').update(text).digest('base64url');
    values.set(hash, text);
    return `${MARK}${kind}:${hash}`;
  };
  const flag = (key: string) => `${MARK}f:${key}`;
  const sections: Json = {};
  for (const [name, section] of Object.entries(offline.sections)) {
    sections[name] = isObject(section) && !Array.isArray(section) ? { ...section } : section;
  }
  for (const [name, field] of sectionFlags) {
    const section = sections[name];
    if (isObject(section) && field in section) section[field] = flag(`${name}.${field}`);
  }
  if (Array.isArray(sections.tags)) {
    sections.tags = (sections.tags as Json[]).map((tag) => ({
      ...tag,
      allowedCommands: flag(`tags.${String(tag.ID)}.allowedCommands`),
    }));
  }
  const attachments = sections.attachments;
  if (isObject(attachments) && Array.isArray(attachments.attachments)) {
    attachments.attachments = (attachments.attachments as Json[]).map((a) => ({
      ...a,
      canRemove: flag(`attachments.${String(a.ID)}.canRemove`),
    }));
  }
  const questions = sections.questions;
  if (isObject(questions) && Array.isArray(questions.stages)) {
    questions.stages = (questions.stages as Json[]).map((stage) => ({
      ...stage,
      problems: isObject(stage.problems) ? shared('v', stage.problems) : stage.problems,
      questions: (stage.questions as Json[]).map((q) =>
        isObject(q.question) ? { ...q, question: shared('q', q.question) } : q,
      ),
    }));
  }
  const hazards = sections['hazard-analysis'];
  if (isObject(hazards) && isObject(hazards.matrix)) hazards.matrix = shared('v', hazards.matrix);
  const permit = { ...offline.permit, allowedCommands: flag('permit.allowedCommands') };
  return { body: JSON.stringify({ ...offline, permit, sections }), values };
}

/**
 * A page's `permits` and `shared` as JSON text from stored copies: each flag marker replaced by the
 * viewer's flag (`flags[i]` for `copies[i]`), each value marker by its index in the page's shared
 * table — what `compactOfflinePermits` answers for the same permits, without building them.
 * `values`: every hash the copies name (a copy's own, or the facility's store).
 */
export function assemblePermits(
  bodies: readonly string[],
  flags: readonly OfflineFlags[],
  values: ReadonlyMap<string, string>,
): { permits: string; shared: string } {
  const versions: string[] = [];
  const sharedValues: string[] = [];
  const versionIndex = new Map<string, number>();
  const valueIndex = new Map<string, number>();
  const indexOf = (table: string[], index: Map<string, number>, text: string) => {
    let found = index.get(text);
    if (found === undefined) {
      found = table.push(text) - 1;
      index.set(text, found);
    }
    return found;
  };
  const valueText = (hash: string) => {
    const text = values.get(hash);
    if (text === undefined) throw new Error(`Offline copy: no stored value ${hash}`);
    return text;
  };
  const permits = bodies.map((body, i) =>
    body.replace(markerPattern, (_marker, kind: string, key: string) => {
      if (kind === 'q') return String(indexOf(versions, versionIndex, valueText(key)));
      if (kind === 'v') return String(indexOf(sharedValues, valueIndex, valueText(key)));
      const own = flags[i]!;
      if (!own.has(key)) throw new Error(`Offline copy: no flag ${key} for permit ${i}`);
      const text = JSON.stringify(own.get(key) ?? null);
      return sharedFlags.has(key) && isObject(own.get(key)) ? String(indexOf(sharedValues, valueIndex, text)) : text;
    }),
  );
  return {
    permits: `[${permits.join(',')}]`,
    shared: `{"questionVersions":[${versions.join(',')}],"values":[${sharedValues.join(',')}]}`,
  };
}

/** A viewer's flags (contracts' `offlineFlags`) by the markers' keys. */
export function flagMapOf(flags: ViewerFlags): OfflineFlags {
  const map: OfflineFlags = new Map([['permit.allowedCommands', flags.permit.allowedCommands]]);
  for (const tag of flags.tags) map.set(`tags.${tag.ID}.allowedCommands`, tag.allowedCommands);
  for (const name of ['isolation-plan', 'questions', 'crew-sign-on', 'gas-tests', 'hazard-analysis'] as const) {
    for (const [field, value] of Object.entries(flags[name] ?? {})) map.set(`${name}.${field}`, value);
  }
  map.set('attachments.canAttach', flags.attachments.canAttach);
  for (const a of flags.attachments.canRemove) map.set(`attachments.${a.ID}.canRemove`, a.canRemove);
  return map;
}
