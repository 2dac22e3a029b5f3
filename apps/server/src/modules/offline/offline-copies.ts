import { createHash } from 'node:crypto';
import { withOfflineFlags, type OfflineFlags as ViewerFlags, type OfflinePermit } from '@hasp/contracts';

/**
 * A permit's stored offline copy (decision 0082): its offline JSON as text with a marker in place of
 * each field that depends on who asks or when (contracts' `OfflineFlags`) and of each value many permits
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

/** Flags whose value, the same for many permits, goes to the page's shared values as the compact form sends it. */
const sharedFlags: ReadonlySet<string> = new Set(['crew-sign-on.devices']);

/** A permit's flags by key (`permit.allowedCommands`, `tags.<ID>.allowedCommands`, `<section>.<field>`…). */
export type OfflineFlags = Map<string, unknown>;

/**
 * The viewer's flags with each value replaced by `value(key, flag)`: the one walk of contracts'
 * `OfflineFlags` that names each flag's key (the markers' and `flagMapOf`'s).
 */
function mapFlags(flags: ViewerFlags, value: (key: string, flag: unknown) => unknown): ViewerFlags {
  const sections = {} as Record<string, Record<string, unknown>>;
  for (const name of ['isolation-plan', 'questions', 'crew-sign-on', 'gas-tests', 'hazard-analysis'] as const) {
    const fields = flags[name];
    if (fields) {
      sections[name] = Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, value(`${name}.${f}`, v)]));
    }
  }
  return {
    ...(sections as Partial<ViewerFlags>),
    permit: { allowedCommands: value('permit.allowedCommands', flags.permit.allowedCommands) },
    tags: flags.tags.map((t) => ({
      ID: t.ID,
      allowedCommands: value(`tags.${t.ID}.allowedCommands`, t.allowedCommands),
    })),
    attachments: {
      canAttach: value('attachments.canAttach', flags.attachments.canAttach),
      canRemove: flags.attachments.canRemove.map((a) => ({
        ID: a.ID,
        canRemove: value(`attachments.${a.ID}.canRemove`, a.canRemove),
      })),
    },
  } as ViewerFlags;
}

/** A viewer's flags (contracts' `offlineFlags`) by the markers' keys. */
export function flagMapOf(flags: ViewerFlags): OfflineFlags {
  const map: OfflineFlags = new Map();
  mapFlags(flags, (key, flag) => map.set(key, flag));
  return map;
}

/** A stored copy: the text with markers and the repeated values it names, by hash (their JSON). */
export interface OfflineCopy {
  body: string;
  values: Map<string, string>;
}

/**
 * The copy of an offline permit: `flags` (any viewer's: only which flags it has counts) become
 * markers where contracts' `withOfflineFlags` writes them, the repeated values markers by hash.
 */
export function copyOf(offline: OfflinePermit, flags: ViewerFlags): OfflineCopy {
  const values = new Map<string, string>();
  const shared = (kind: 'q' | 'v', value: unknown) => {
    const text = JSON.stringify(value);
    const hash = createHash('sha1').update(text).digest('base64url');
    values.set(hash, text);
    return `${MARK}${kind}:${hash}`;
  };
  const marked = withOfflineFlags(
    offline,
    mapFlags(flags, (key) => `${MARK}f:${key}`),
  );
  // Copies of the sections changed below: a section object may be shared by many permits' reads.
  const sections: Json = { ...marked.sections };
  const questions = sections.questions;
  if (isObject(questions) && Array.isArray(questions.stages)) {
    sections.questions = {
      ...questions,
      stages: (questions.stages as Json[]).map((stage) => ({
        ...stage,
        problems: isObject(stage.problems) ? shared('v', stage.problems) : stage.problems,
        questions: (stage.questions as Json[]).map((q) =>
          isObject(q.question) ? { ...q, question: shared('q', q.question) } : q,
        ),
      })),
    };
  }
  const hazards = sections['hazard-analysis'];
  if (isObject(hazards) && isObject(hazards.matrix)) {
    sections['hazard-analysis'] = { ...hazards, matrix: shared('v', hazards.matrix) };
  }
  return { body: JSON.stringify({ ...marked, sections }), values };
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
