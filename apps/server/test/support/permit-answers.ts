import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import type { FastifyInstance } from 'fastify';
import { questionStageCommands, type PermitQuestions, type QuestionStage, type QuestionVersion } from '@hasp/contracts';

/** An answer that passes the question: not its blocking answer, inside its range. */
export function passingAnswer(q: QuestionVersion): string {
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

/**
 * Answers every unanswered question of the permit's stage with a passing answer through the
 * section's own command (for tests that walk a permit of a type that asks questions). A type
 * without the Questions section answers 404 to the read: nothing to do.
 */
export async function answerStage(
  app: FastifyInstance,
  token: string,
  permitId: number,
  stage: QuestionStage,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const read = await app.inject({ method: 'GET', url: `/api/permits/${permitId}/questions`, headers });
  if (read.statusCode === 404) return;
  if (read.statusCode !== 200) throw new Error(`questions of permit ${permitId}: ${read.statusCode} ${read.body}`);
  const section = read.json<PermitQuestions>().stages.find((s) => s.stage === stage);
  for (const { question, answer } of section?.questions ?? []) {
    if (answer) continue;
    const response = await app.inject({
      method: 'POST',
      url: `/api/permits/${permitId}/questions/commands/answer`,
      headers,
      payload: {
        questionId: question.questionID,
        stage,
        questionVersionId: question.ID,
        answer: passingAnswer(question),
      },
    });
    if (response.statusCode !== 200)
      throw new Error(`answer "${question.text}": ${response.statusCode} ${response.body}`);
  }
}

/**
 * Takes the Questions section off a permit type in this test's database: for tests of the bare
 * lifecycle (the questions' guards have their own tests in permit-questions.test.ts).
 */
export async function withoutQuestions(db: Kysely<Database>, code = 'LOTO'): Promise<void> {
  await sql`update permit_types set sections = array_remove(sections, 'questions') where code = ${code}`.execute(db);
}

/** The stage whose questions a lifecycle command needs answered (request, issue, accept, close), if any. */
export function stageNeededBy(verb: string): QuestionStage | undefined {
  return (Object.entries(questionStageCommands) as [QuestionStage, string][]).find(([, c]) => c === verb)?.[0];
}
