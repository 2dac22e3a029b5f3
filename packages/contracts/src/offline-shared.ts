import * as z from 'zod/mini';
import type { OfflinePermit } from './offline-permit';
import { questionVersionSchema, type QuestionVersion } from './questions';

/**
 * What the permits of a download page repeat, sent once a page (decision 0065): the question
 * versions their Questions sections show (the same for every permit of a type: 4.5 KB of a 6.9 KB
 * LOTO permit) and other values many permits carry alike (the permit's type, the facility's risk
 * matrix, the free lockbox devices, a stage's problems, why the hazard analysis cannot be edited).
 * In the page's permits each such value is replaced by its index here:
 * `sections.questions.stages[].questions[].question` (into `questionVersions`), `permit.permitType`,
 * `sections.questions.stages[].problems`, `sections['hazard-analysis'].matrix`,
 * `sections['hazard-analysis'].editRefusal` and `sections['crew-sign-on'].devices` (into `values`)
 * are a number instead of their object, list or text, and so is a whole stage none of whose
 * questions is answered yet (`sections.questions.stages[]`: its own problems and questions as
 * indexes too). `permitType`, `editRefusal` and unanswered stages since decision 0086: a page stored
 * before carries them whole, and is read as it is.
 * `expandOfflinePermits` puts them back, so a device stores each permit exactly as the section
 * routes answer it (apps/server/test/offline-download.test.ts compares the rebuilt permits with them).
 */
export const offlineSharedSchema = z.object({
  questionVersions: z.array(questionVersionSchema),
  values: z.array(z.unknown()),
});
export type OfflineShared = z.infer<typeof offlineSharedSchema>;

/** The section fields other than questions that `values` holds, by section name. */
const sharedFields: readonly (readonly [section: string, field: string])[] = [
  ['hazard-analysis', 'matrix'],
  ['hazard-analysis', 'editRefusal'],
  ['hazard-analysis', 'editRefusalSaid'],
  ['crew-sign-on', 'devices'],
];

/** The same fields as `section.field` keys (the server's stored copies send the flags among them so). */
export const sharedSectionFields: ReadonlySet<string> = new Set(
  sharedFields.map(([name, field]) => `${name}.${field}`),
);

/** A value `values` may hold in place of a field: an object, a list or a text (not null, a number or a flag). */
export const isShareable = (value: unknown) => (typeof value === 'object' ? value !== null : typeof value === 'string');

type Json = Record<string, unknown>;
type StageOnWire = { problems: unknown; questions: { question: QuestionVersion | number }[] } & Json;

/**
 * A table of values sent once: equal values (the same object, or the same JSON) get one index.
 * The bulk readers hand every permit of a page the same objects, so the identity check almost
 * always answers; the JSON comparison keeps it right when they do not.
 */
class SharedTable<T> {
  readonly values: T[] = [];
  private readonly byObject = new Map<unknown, number>();
  private readonly byKey = new Map<string, number[]>();
  private readonly json: string[] = [];

  indexOf(value: T, key: string): number {
    const known = this.byObject.get(value);
    if (known !== undefined) return known;
    const text = JSON.stringify(value);
    const candidates = this.byKey.get(key) ?? [];
    let index = candidates.find((i) => this.json[i] === text);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.json[index] = text;
      this.byKey.set(key, [...candidates, index]);
    }
    this.byObject.set(value, index);
    return index;
  }
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** A stage none of whose questions has an answer (such a stage is sent once a page). */
export const isUnanswered = (stage: { questions: readonly object[] }) =>
  stage.questions.every((q) => (q as { answer?: unknown }).answer === null);

/** The page's permits with what they repeat replaced by indexes into the shared values (the server's side). */
export function compactOfflinePermits(permits: readonly OfflinePermit[]): {
  permits: OfflinePermit[];
  shared: OfflineShared;
} {
  const versions = new SharedTable<QuestionVersion>();
  const values = new SharedTable<unknown>();
  const compact = permits.map((offline): OfflinePermit => {
    const sections: Json = { ...offline.sections };
    const questions = sections.questions;
    if (isObject(questions) && Array.isArray(questions.stages)) {
      sections.questions = {
        ...questions,
        stages: (questions.stages as StageOnWire[]).map((stage) => {
          const compacted = {
            ...stage,
            // The same unanswered questions give the same problems on most permits of a type.
            problems: isObject(stage.problems) ? values.indexOf(stage.problems, 'questions.problems') : stage.problems,
            questions: stage.questions.map((q) =>
              isObject(q.question) ? { ...q, question: versions.indexOf(q.question, String(q.question.ID)) } : q,
            ),
          };
          // A stage nobody has answered yet is the same on every permit of the type in that state.
          return isUnanswered(stage) ? values.indexOf(compacted, 'questions.stage') : compacted;
        }),
      };
    }
    for (const [name, field] of sharedFields) {
      const section = sections[name];
      if (isObject(section) && isShareable(section[field])) {
        sections[name] = { ...section, [field]: values.indexOf(section[field], `${name}.${field}`) };
      }
    }
    // Every permit of a download is of its one type.
    const type = offline.permit.permitType;
    const permit = isObject(type)
      ? { ...offline.permit, permitType: values.indexOf(type, 'permit.permitType') }
      : offline.permit;
    return { ...offline, permit, sections } as unknown as OfflinePermit;
  });
  return { permits: compact, shared: { questionVersions: versions.values, values: values.values } };
}

/**
 * The permits of a page as the section routes answer them (the device's side): each index the
 * server put in place of a repeated value replaced by the value (key order kept).
 */
export function expandOfflinePermits(permits: readonly OfflinePermit[], shared: OfflineShared): OfflinePermit[] {
  const version = (index: number) => {
    const found = shared.questionVersions[index];
    if (!found) throw new Error(`Offline download: no shared question version ${index}`);
    return found;
  };
  const value = (index: number) => {
    if (index < 0 || index >= shared.values.length) throw new Error(`Offline download: no shared value ${index}`);
    return shared.values[index];
  };
  return permits.map((offline): OfflinePermit => {
    const sections: Json = { ...offline.sections };
    const questions = sections.questions;
    if (isObject(questions) && Array.isArray(questions.stages)) {
      sections.questions = {
        ...questions,
        stages: (questions.stages as (StageOnWire | number)[]).map((sent) => {
          const stage = typeof sent === 'number' ? (value(sent) as StageOnWire) : sent;
          return {
            ...stage,
            problems: typeof stage.problems === 'number' ? value(stage.problems) : stage.problems,
            questions: stage.questions.map((q) =>
              typeof q.question === 'number' ? { ...q, question: version(q.question) } : q,
            ),
          };
        }),
      };
    }
    for (const [name, field] of sharedFields) {
      const section = sections[name];
      if (isObject(section) && typeof section[field] === 'number') {
        sections[name] = { ...section, [field]: value(section[field]) };
      }
    }
    const type: unknown = offline.permit.permitType;
    const permit = typeof type === 'number' ? { ...offline.permit, permitType: value(type) } : offline.permit;
    return { ...offline, permit, sections } as OfflinePermit;
  });
}
