import { questionStageCommands, type PermitCommand, type QuestionStage, type QuestionVersion } from '@hasp/contracts';
import { runCommand, type EventBus, type RequestContext } from '../../platform';
import { loadPermitQuestionStages, permitQuestionCommands } from '../../modules/permit-questions';

/** The stage whose questions a command needs answered (request, issue, accept, close). */
export const stageOfCommand = (verb: PermitCommand): QuestionStage | undefined =>
  (Object.entries(questionStageCommands) as [QuestionStage, PermitCommand][]).find(([, c]) => c === verb)?.[0];

/** What a careful crew answers: never the blocking answer, numbers inside the range, a real reason. */
function demoAnswer(q: QuestionVersion, reason: string, day: string): string {
  switch (q.answerType) {
    case 'yes_no_na':
      return q.blockingAnswer === 'yes' ? 'no' : 'yes';
    case 'number':
      if (q.minValue !== null && q.maxValue !== null)
        return String(Math.round((q.minValue + (q.maxValue - q.minValue) * 0.35) * 10) / 10);
      return String(q.minValue !== null ? q.minValue + 1 : 0);
    case 'date':
      return day;
    case 'choice':
      return q.choices.find((c) => c !== q.blockingAnswer) ?? q.choices[0]!;
    case 'text':
      return reason;
  }
}

/**
 * Answers the permit's questions of a stage through the section's own command, as the person
 * about to give the stage's lifecycle command (so the demo permits pass the questions' guards
 * honestly and their Questions tabs read like filled-in checklists).
 */
export async function answerDemoStage(
  events: EventBus,
  ctx: RequestContext,
  permitId: number,
  stage: QuestionStage,
  reason: string,
): Promise<void> {
  const stages = await loadPermitQuestionStages(ctx.connection.db, ctx.actor.facilityId, permitId);
  const questions = stages?.find((s) => s.stage === stage)?.questions ?? [];
  const day = ctx.now.toISOString().slice(0, 10);
  for (const { question, answer } of questions) {
    if (answer) continue;
    const definition = permitQuestionCommands.answer;
    await runCommand(events, ctx, definition, {
      name: definition.name,
      targetId: permitId,
      input: {
        questionId: question.questionID,
        stage,
        questionVersionId: question.ID,
        answer: demoAnswer(question, reason, day),
      },
    });
  }
}
