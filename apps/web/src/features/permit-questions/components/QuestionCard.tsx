import { Alert, Badge, Button, NativeSelect, SegmentedControl, Text, TextInput, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import {
  permitQuestionsButtons as B,
  permitQuestionsLabels as L,
  questionYesNoCaptions,
  yesNoAnswers,
  type PermitQuestion,
  type QuestionStage,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { ApiRequestError } from '../../../lib/http';
import { formatDateTime } from '../../../lib/date-time';
import { useAnswerCommand } from '../api/permit-questions';
import { answerLabel, questionText, rangeLabel } from '../model/answer-words';
import classes from '../PermitQuestions.module.css';

interface QuestionCardProps {
  permitId: number;
  stage: QuestionStage;
  entry: PermitQuestion;
  /** The stage is open and the caller may answer. */
  editable: boolean;
}

/**
 * One question of the permit with its answer. Yes / No / N.A. and short choice lists are big
 * buttons that save when pressed; text, numbers and dates save with their Save button. A refused
 * save keeps what the user entered and shows the server's reason under it.
 */
export function QuestionCard({ permitId, stage, entry, editable }: QuestionCardProps) {
  const t = useCaptions();
  const id = useId();
  const { question, answer, prefill } = entry;
  const saved = answer?.value ?? '';
  const [typed, setTyped] = useState<string | null>(null);
  // Unanswered and not yet typed in: the record's value now is offered, to confirm with Save or correct.
  const draft = typed ?? (answer || !prefill ? saved : String(prefill.value));
  const setDraft = (value: string) => setTyped(value);
  const fromRecord = prefill ? t(L[`fromRecord::${prefill.fact}`], { value: prefill.value }) : null;
  // One Idempotency-Key per value the user tries to save: a retry of that save applies once.
  const [attempt, setAttempt] = useState<{ value: string; key: string } | null>(null);
  const command = useAnswerCommand(permitId);
  const text = questionText(t, question);
  const range = rangeLabel(t, question);
  const error = command.error instanceof ApiRequestError ? command.error.message : null;

  const save = (value: string) => {
    const trimmed = value.trim();
    const key = attempt?.value === trimmed ? attempt.key : crypto.randomUUID();
    setAttempt({ value: trimmed, key });
    command.mutate(
      answer
        ? {
            verb: 'change-answer',
            key,
            body: { questionId: question.questionID, stage, answerId: answer.ID, answer: trimmed },
          }
        : {
            verb: 'answer',
            key,
            body: { questionId: question.questionID, stage, questionVersionId: question.ID, answer: trimmed },
          },
      { onSuccess: () => setAttempt(null) },
    );
  };
  const pick = (value: string) => {
    setDraft(value);
    if (value !== saved) save(value);
  };

  const buttons =
    question.answerType === 'yes_no_na'
      ? yesNoAnswers.map((value) => ({ value, label: t(questionYesNoCaptions[value]) }))
      : question.answerType === 'choice' && question.choices.length <= 3
        ? question.choices.map((value) => ({ value, label: answerLabel(t, question, value) }))
        : null;

  let input: React.ReactNode = null;
  if (editable) {
    if (buttons) {
      input = (
        <div role="group" aria-labelledby={`${id}-q`}>
          <SegmentedControl
            fullWidth
            size="md"
            color={draft !== '' && draft === question.blockingAnswer ? 'red' : 'blue'}
            data={buttons}
            value={draft}
            onChange={pick}
            disabled={command.isPending}
            classNames={{ label: classes.segment }}
          />
        </div>
      );
    } else if (question.answerType === 'choice') {
      input = (
        <NativeSelect
          size="md"
          aria-labelledby={`${id}-q`}
          value={draft}
          onChange={(e) => pick(e.currentTarget.value)}
          disabled={command.isPending}
          data={[
            { value: '', label: t(L.chooseOne), disabled: true },
            ...question.choices.map((value) => ({ value, label: answerLabel(t, question, value) })),
          ]}
        />
      );
    } else {
      const field =
        question.answerType === 'text' ? (
          <Textarea
            size="md"
            autosize
            minRows={2}
            aria-labelledby={`${id}-q`}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
        ) : (
          <TextInput
            size="md"
            aria-labelledby={`${id}-q`}
            aria-describedby={range ? `${id}-range` : undefined}
            type={question.answerType === 'date' ? 'date' : 'text'}
            inputMode={question.answerType === 'number' ? 'decimal' : undefined}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
        );
      input = (
        <form
          className={classes.row}
          onSubmit={(event) => {
            event.preventDefault();
            save(draft);
          }}
        >
          {field}
          <Button
            type="submit"
            size="md"
            className={classes.touch}
            loading={command.isPending}
            disabled={draft.trim() === '' || draft.trim() === saved}
            aria-label={t(B['save::aria'], { question: text })}
          >
            {t(B.save)}
          </Button>
        </form>
      );
    }
  }

  return (
    <li>
      <article className={classes.card} aria-labelledby={`${id}-q`}>
        <p className={classes.question}>
          <span id={`${id}-q`}>{text}</span>{' '}
          <Badge size="sm" variant="light" color={question.isMandatory ? 'red' : 'gray'}>
            {t(question.isMandatory ? L.mandatory : L.optional)}
          </Badge>
        </p>
        {range && (
          <Text size="sm" id={`${id}-range`}>
            {range}
          </Text>
        )}
        {fromRecord && (
          <Text size="sm" data-testid="question-from-record">
            {fromRecord}
          </Text>
        )}
        {input ??
          (answer ? (
            <p className={classes.answer}>{answerLabel(t, question, answer.value)}</p>
          ) : (
            <Text size="sm">{t(L.notAnswered)}</Text>
          ))}
        {answer && (
          <Text size="sm" c="dimmed">
            {t(L.answeredBy, { name: answer.answeredBy.displayName, at: formatDateTime(answer.answeredAt) })}
          </Text>
        )}
        {error && (
          <Alert color="red" title={t(L.notSaved)} role="alert">
            {error}
          </Alert>
        )}
      </article>
    </li>
  );
}
