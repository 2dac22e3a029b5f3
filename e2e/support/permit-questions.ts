import type { APIRequestContext } from '@playwright/test';

type Stage = 'request' | 'issue' | 'acceptance' | 'close-out';
interface Version {
  ID: number;
  questionID: number;
  answerType: 'yes_no_na' | 'text' | 'number' | 'date' | 'choice';
  choices: string[];
  blockingAnswer: string | null;
  minValue: number | null;
  maxValue: number | null;
}

/** An answer that passes the question: not its blocking answer, inside its range. */
function passing(q: Version): string {
  switch (q.answerType) {
    case 'yes_no_na':
      return q.blockingAnswer === 'yes' ? 'no' : 'yes';
    case 'number':
      return String(q.minValue ?? q.maxValue ?? 1);
    case 'date':
      return '2026-11-01';
    case 'choice':
      return q.choices.find((c) => c !== q.blockingAnswer)!;
    case 'text':
      return 'Checked on site';
  }
}

/** The stage whose questions a lifecycle command needs answered. */
const stageOf: Record<string, Stage> = { request: 'request', issue: 'issue', accept: 'acceptance', close: 'close-out' };

/**
 * Answers the permit's unanswered questions of the stage the command needs (through the Questions
 * section's commands, as the same user; `authorization`: its "Bearer …" header) before a spec gives
 * that command through the API or the permit page. Types
 * that ask nothing at that stage (or have no Questions section) need nothing.
 */
export async function answerQuestionsFor(
  request: APIRequestContext,
  authorization: string,
  permitId: number,
  verb: string,
): Promise<void> {
  const stage = stageOf[verb];
  if (!stage) return;
  const headers = { authorization };
  const read = await request.get(`/api/permits/${permitId}/questions`, { headers });
  if (read.status() === 404) return;
  if (read.status() !== 200) throw new Error(`questions of ${permitId}: ${read.status()} ${await read.text()}`);
  const section = (await read.json()) as {
    stages: { stage: Stage; questions: { question: Version; answer: unknown }[] }[];
  };
  for (const { question, answer } of section.stages.find((s) => s.stage === stage)?.questions ?? []) {
    if (answer) continue;
    const response = await request.post(`/api/permits/${permitId}/questions/commands/answer`, {
      headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
      data: { questionId: question.questionID, stage, questionVersionId: question.ID, answer: passing(question) },
    });
    if (response.status() !== 200)
      throw new Error(`answer ${question.ID}: ${response.status()} ${await response.text()}`);
  }
}

/** The permit and verb of a lifecycle command URL (`/api/permits/7/commands/issue`), if it is one. */
export function lifecycleCommandOf(url: string): { permitId: number; verb: string } | null {
  const match = /\/api\/permits\/(\d+)\/commands\/([a-z-]+)$/.exec(url);
  return match ? { permitId: Number(match[1]), verb: match[2]! } : null;
}
