import { createHash } from 'node:crypto';
import {
  isShareable,
  isUnanswered,
  sharedSectionFields,
  withOfflineFlags,
  type OfflineFlags as ViewerFlags,
  type OfflinePermit,
} from '@hasp/contracts';

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

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * The viewer's flags with each value replaced by `value(key, flag)`: the one walk of contracts'
 * `OfflineFlags` that names each flag's key (the markers'; `flagAt` reads a flag back by its key).
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

/** What `flagAt` answers for a key that names no flag of the viewer's. */
const NO_FLAG = Symbol('no flag');

/**
 * The viewer's flag a marker's key names: the inverse of `mapFlags`' keys (`permit.allowedCommands`,
 * `tags.<ID>.allowedCommands`, `attachments.canAttach`, `attachments.<ID>.canRemove`,
 * `<section>.<field>`), read from the flags as they are instead of a map of them built for every
 * permit (the download assembles 10,000 permits' 27 markers each: decision 0086).
 */
function flagAt(flags: ViewerFlags, key: string): unknown {
  const dot = key.indexOf('.');
  const section = key.slice(0, dot);
  const field = key.slice(dot + 1);
  if (section === 'tags') {
    const id = Number(field.slice(0, field.indexOf('.')));
    const tag = flags.tags.find((t) => t.ID === id);
    return tag ? tag.allowedCommands : NO_FLAG;
  }
  if (section === 'attachments' && field !== 'canAttach') {
    const id = Number(field.slice(0, field.indexOf('.')));
    const attachment = flags.attachments.canRemove.find((a) => a.ID === id);
    return attachment ? attachment.canRemove : NO_FLAG;
  }
  const fields = (flags as unknown as Record<string, Json | undefined>)[section];
  return fields && Object.hasOwn(fields, field) ? fields[field] : NO_FLAG;
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
      stages: (questions.stages as ({ problems: unknown; questions: Json[] } & Json)[]).map((stage) => {
        const copy = {
          ...stage,
          problems: isObject(stage.problems) ? shared('v', stage.problems) : stage.problems,
          questions: stage.questions.map((q) =>
            isObject(q.question) ? { ...q, question: shared('q', q.question) } : q,
          ),
        };
        // As the compact form sends it: an unanswered stage once a page (its markers inside it).
        return isUnanswered(stage) ? shared('v', copy) : copy;
      }),
    };
  }
  const hazards = sections['hazard-analysis'];
  if (isObject(hazards) && isObject(hazards.matrix)) {
    sections['hazard-analysis'] = { ...hazards, matrix: shared('v', hazards.matrix) };
  }
  // Every permit of a download is of its one type.
  const permit = { ...marked.permit, permitType: shared('v', marked.permit.permitType) };
  return { body: JSON.stringify({ ...marked, permit, sections }), values };
}

/** How a marker starts in a stored text: JSON.stringify writes U+0000 as `\u0000`. */
const MARKER_START = '"\\u0000';

/**
 * `text` with each marker (`"\u0000k:<key>"`: its kind at +7, its key from +9 to the closing quote)
 * replaced by `replace(kind, key)`: the text is scanned for the markers' start and cut there.
 */
function replaceMarkers(text: string, replace: (kind: string, key: string) => string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(MARKER_START); at >= 0; at = text.indexOf(MARKER_START, from)) {
    const end = text.indexOf('"', at + 9);
    out += text.slice(from, at) + replace(text[at + 7]!, text.slice(at + 9, end));
    from = end + 1;
  }
  return from ? out + text.slice(from) : text;
}

/**
 * A page's `permits` and `shared` as JSON text from stored copies: each flag marker replaced by the
 * viewer's flag (`flags[i]` for `copies[i]`), each value marker by its index in the page's shared
 * table — what `compactOfflinePermits` answers for the same permits, without building them.
 * `values`: every hash the copies name (a copy's own, or the facility's store). A shared value may
 * hold markers of its own (an unanswered stage: its questions and problems), never a flag's.
 */
export function assemblePermits(
  bodies: readonly string[],
  flags: readonly ViewerFlags[],
  values: ReadonlyMap<string, string>,
): { permits: string; shared: string } {
  const versions = new SharedTexts();
  const sharedValues = new SharedTexts();
  /** Each value's index in its table, by kind and hash. */
  const indexes = new Map<string, number>();
  /** A shared flag's text by the flag (the context's one list of devices, a refusal's text). */
  const sharedFlagTexts = new Map<unknown, string>();
  const valueIndex = (kind: string, hash: string): string => {
    let index = indexes.get(kind + hash);
    if (index === undefined) {
      const text = values.get(hash);
      if (text === undefined) throw new Error(`Offline copy: no stored value ${hash}`);
      const table = kind === 'q' ? versions : sharedValues;
      index = table.indexOf(replaceMarkers(text, valueMarker));
      indexes.set(kind + hash, index);
    }
    return String(index);
  };
  const valueMarker = (kind: string, key: string): string => {
    if (kind === 'f') throw new Error(`Offline copy: a shared value holds the flag ${key}`);
    return valueIndex(kind, key);
  };
  const flagText = (own: ViewerFlags, key: string, i: number): string => {
    const flag = flagAt(own, key);
    if (flag === NO_FLAG) throw new Error(`Offline copy: no flag ${key} for permit ${i}`);
    if (flag === null || flag === undefined) return 'null';
    if (typeof flag === 'boolean') return flag ? 'true' : 'false';
    // A flag among the compact form's shared fields (the free devices, the edit refusal) goes to the
    // page's shared values as contracts' offline-shared.ts sends it.
    if (!(sharedSectionFields.has(key) && isShareable(flag))) return JSON.stringify(flag);
    let text = sharedFlagTexts.get(flag);
    if (text === undefined) sharedFlagTexts.set(flag, (text = JSON.stringify(flag)));
    return String(sharedValues.indexOf(text));
  };
  const permits = bodies.map((body, i) =>
    replaceMarkers(body, (kind, key) => (kind === 'f' ? flagText(flags[i]!, key, i) : valueIndex(kind, key))),
  );
  return {
    permits: `[${permits.join(',')}]`,
    shared: `{"questionVersions":[${versions.texts.join(',')}],"values":[${sharedValues.texts.join(',')}]}`,
  };
}

/** A page's table of shared JSON texts: each text once, by its index. */
class SharedTexts {
  readonly texts: string[] = [];
  private readonly index = new Map<string, number>();

  indexOf(text: string): number {
    let found = this.index.get(text);
    if (found === undefined) {
      found = this.texts.push(text) - 1;
      this.index.set(text, found);
    }
    return found;
  }
}
