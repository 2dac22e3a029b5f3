import { useState } from 'react';
import { Alert, Badge, Button, Center, Loader, NativeSelect, Switch } from '@mantine/core';
import {
  questionManageButtons,
  questionManageLabels,
  questionManageMessages,
  questionManageTitles,
  questionStages,
  type QuestionListQuery,
  type QuestionStage,
  type QuestionSummary,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { usePermitTypes } from '../api/get-permit-types';
import { useQuestions } from '../api/get-questions';
import { useSetQuestionActive } from '../api/save-question';
import { reasonOf } from '../api/send-change';
import classes from '../Questions.module.css';
import { answerTypeLabel, blockingLabel, questionText, stageLabel } from './question-captions';
import { HistoryDialog } from './HistoryDialog';
import { QuestionDialog } from './QuestionDialog';

/** The questions, filtered by permit type and stage, with what each asks and where. */
export function QuestionList() {
  const t = useCaptions();
  const l = questionManageLabels;
  const [permitTypeId, setPermitTypeId] = useState('');
  const [stage, setStage] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const [editing, setEditing] = useState<QuestionSummary | 'new' | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const query: QuestionListQuery = {
    ...(permitTypeId ? { permitTypeId: Number(permitTypeId) } : {}),
    ...(stage ? { stage: stage as QuestionStage } : {}),
    ...(includeInactive ? { includeInactive: 'true' as const } : {}),
  };
  const types = usePermitTypes();
  const questions = useQuestions(query);

  return (
    <>
      <div className={classes.toolbar} role="group" aria-label={t(l.filters)}>
        <NativeSelect
          className={classes.filter}
          label={t(l.permitType)}
          value={permitTypeId}
          onChange={(event) => setPermitTypeId(event.currentTarget.value)}
          data={[
            { value: '', label: t(l.allPermitTypes) },
            ...(types.data ?? []).map((type) => ({ value: String(type.ID), label: `${type.code} — ${type.name}` })),
          ]}
        />
        <NativeSelect
          className={classes.filter}
          label={t(l.stage)}
          value={stage}
          onChange={(event) => setStage(event.currentTarget.value)}
          data={[
            { value: '', label: t(l.allStages) },
            ...questionStages.map((s) => ({ value: s, label: stageLabel(t, s) })),
          ]}
        />
        <Switch
          className={classes.switch}
          label={t(l.includeInactive)}
          checked={includeInactive}
          onChange={(event) => setIncludeInactive(event.currentTarget.checked)}
        />
        <Button
          className={classes.newButton}
          leftSection={<Icon name="plus" size={16} />}
          onClick={() => setEditing('new')}
        >
          {t(questionManageButtons.newQuestion)}
        </Button>
      </div>
      {questions.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(questionManageTitles.questions)} />
        </Center>
      ) : questions.isError ? (
        <Alert color="red" variant="light" title={t(questionManageMessages.loadFailed)}>
          <Button variant="default" mt="xs" onClick={() => void questions.refetch()}>
            {t(questionManageButtons.retry)}
          </Button>
        </Alert>
      ) : questions.data.length === 0 ? (
        <p className={classes.empty}>{t(l.noQuestions)}</p>
      ) : (
        <ul className={classes.list} aria-label={t(l.questionList)}>
          {questions.data.map((question) => (
            <QuestionItem
              key={question.ID}
              question={question}
              onEdit={() => setEditing(question)}
              onHistory={() => setHistoryOf(question.ID)}
            />
          ))}
        </ul>
      )}
      <QuestionDialog
        opened={editing !== null}
        question={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <HistoryDialog questionId={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

function QuestionItem({
  question,
  onEdit,
  onHistory,
}: {
  question: QuestionSummary;
  onEdit: () => void;
  onHistory: () => void;
}) {
  const t = useCaptions();
  const l = questionManageLabels;
  const b = questionManageButtons;
  const setActive = useSetQuestionActive();
  const text = questionText(t, question.current);
  const blocking = blockingLabel(t, question.current);
  const toggle = () =>
    setActive.mutate(
      { id: question.ID, isActive: !question.isActive },
      {
        onSuccess: () =>
          showToast({
            title: t(questionManageTitles.childPage),
            message: t(question.isActive ? questionManageMessages.deactivated : questionManageMessages.activated),
            tone: 'success',
          }),
        onError: (error) =>
          showToast({
            title: t(questionManageTitles.childPage),
            message: t(questionManageMessages.saveFailed, { reason: reasonOf(error) }),
            tone: 'error',
          }),
      },
    );
  return (
    <li className={classes.card} data-inactive={!question.isActive || undefined}>
      <p className={classes.text}>{text}</p>
      <div className={classes.badges}>
        <Badge variant="outline" color="dark">
          {answerTypeLabel(t, question.current)}
        </Badge>
        <Badge variant="outline" color="dark">
          {t(l.version, { version: question.current.version })}
        </Badge>
        <Badge variant="outline" color={question.current.isMandatory ? 'blue.8' : 'dark'}>
          {t(question.current.isMandatory ? l.mandatoryBadge : l.optionalBadge)}
        </Badge>
        {blocking && (
          <Badge variant="outline" color="red.8">
            {blocking}
          </Badge>
        )}
        {!question.isActive && (
          <Badge variant="filled" color="dark">
            {t(l.inactive)}
          </Badge>
        )}
      </div>
      <p className={classes.meta}>
        {question.assignments.length === 0
          ? t(l.notAssigned)
          : `${t(l.askedAt)}: ${question.assignments
              .map((a) => t(l.assignment, { type: a.permitTypeCode, stage: stageLabel(t, a.stage) }))
              .join(', ')}`}
      </p>
      <div className={classes.actions}>
        <Button size="xs" variant="default" onClick={onEdit} aria-label={t(b['edit::aria'], { question: text })}>
          {t(b.edit)}
        </Button>
        <Button size="xs" variant="default" onClick={onHistory} aria-label={t(b['history::aria'], { question: text })}>
          {t(b.history)}
        </Button>
        <Button
          size="xs"
          variant="default"
          loading={setActive.isPending}
          onClick={toggle}
          aria-label={t(question.isActive ? b['deactivate::aria'] : b['activate::aria'], { question: text })}
        >
          {t(question.isActive ? b.deactivate : b.activate)}
        </Button>
      </div>
    </li>
  );
}
