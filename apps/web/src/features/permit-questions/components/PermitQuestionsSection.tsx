import { Alert, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  permitCommandCaptions,
  permitQuestionsLabels as L,
  questionStageCaptions,
  questionStageCommands,
  type Permit,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { permitQuestionKeys, usePermitQuestions } from '../api/permit-questions';
import { currentStage, stageStep } from '../model/answer-words';
import { QuestionCard } from './QuestionCard';
import classes from '../PermitQuestions.module.css';

/**
 * The permit page's Questions section: the type's checklist questions by stage, each
 * stage answerable while it is current or coming, with what stops its command now (the same
 * sentences the server refuses the command with).
 */
export function PermitQuestionsSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const query = usePermitQuestions(permit.ID);
  const client = useQueryClient();
  // Which stages are open depends on the permit's status: read the section again when it changes.
  useEffect(() => {
    void client.invalidateQueries({ queryKey: permitQuestionKeys.section(permit.ID) });
  }, [client, permit.ID, permit.status]);
  if (query.isPending) return <Loader aria-label={t(L.loading)} />;
  const section = query.data;
  if (!section) return <Alert color="red">{t(L.loadFailed)}</Alert>;

  const next = currentStage(permit.status);
  return (
    <section className={classes.section} aria-label={t(L.section)}>
      {section.stages.map((stage) => {
        const headingId = `permit-questions-${stage.stage}`;
        const editable = stage.isOpen && section.canAnswer;
        return (
          <section key={stage.stage} className={classes.stage} aria-labelledby={headingId}>
            <div>
              <h3 className={classes.stageTitle} id={headingId}>
                {t(L.stage, { stage: t(questionStageCaptions[stage.stage]) })}
              </h3>
              <Text size="sm">{stage.isOpen ? t(L.openWhen, { step: stageStep(t, stage.stage) }) : t(L.closed)}</Text>
            </div>
            {/* What stops the next command only: the later stages' problems would be noise now. */}
            {stage.stage === next && stage.problems.length > 0 && (
              <Alert
                color="yellow"
                classNames={{ title: classes.stopsTitle }}
                title={t(L.stops, { command: t(permitCommandCaptions[questionStageCommands[stage.stage]]) })}
              >
                <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
                  {stage.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </Alert>
            )}
            <ul className={classes.list}>
              {stage.questions.map((entry) => (
                <QuestionCard
                  key={`${entry.question.questionID}:${entry.answer?.ID ?? 'new'}`}
                  permitId={permit.ID}
                  stage={stage.stage}
                  entry={entry}
                  editable={editable}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
