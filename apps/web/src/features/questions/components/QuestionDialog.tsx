import { useState, type FormEvent } from 'react';
import { Alert, Modal, NativeSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import {
  answerTypes,
  questionAnswerTypeCaptions,
  questionFactCaptions,
  questionFacts,
  questionManageButtons,
  questionManageLabels,
  questionManageMessages,
  questionManageTitles,
  QUESTION_TEXT_MAX,
  type AnswerType,
  type QuestionSummary,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSaveQuestion } from '../api/save-question';
import { fieldErrorsOf, reasonOf } from '../api/send-change';
import { blockingOptions, emptyQuestionValues, inputOf, valuesOf, type QuestionFormValues } from '../form-values';
import classes from '../Questions.module.css';
import { yesNoLabel } from './question-captions';
import { FormButtons } from '../../../components/FormButtons';

interface QuestionDialogProps {
  opened: boolean;
  /** The question to edit; null creates one. */
  question: QuestionSummary | null;
  onClose: () => void;
}

/** Create a question, or edit one (a new version). The answer type decides the other fields. */
export function QuestionDialog({ opened, question, onClose }: QuestionDialogProps) {
  const t = useCaptions();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(question ? questionManageTitles.editQuestion : questionManageTitles.newQuestion)}
      centered
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(questionManageButtons.close) }}
    >
      {opened && <QuestionForm key={question?.ID ?? 'new'} question={question} onDone={onClose} />}
    </Modal>
  );
}

function QuestionForm({ question, onDone }: { question: QuestionSummary | null; onDone: () => void }) {
  const t = useCaptions();
  const l = questionManageLabels;
  const save = useSaveQuestion();
  const [values, setValues] = useState<QuestionFormValues>(() =>
    question ? valuesOf(question.current) : emptyQuestionValues,
  );
  const [textMissing, setTextMissing] = useState(false);
  const fieldErrors = fieldErrorsOf(save.error);
  const set = (change: Partial<QuestionFormValues>) => setValues((current) => ({ ...current, ...change }));
  const options = blockingOptions(values);
  const shownFields = new Set([
    'text',
    'answerType',
    'choices',
    'isMandatory',
    'blockingAnswer',
    'minValue',
    'maxValue',
    'fact',
  ]);
  const unplaced = Object.keys(fieldErrors).some((field) => !shownFields.has(field));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.text.trim()) {
      setTextMissing(true);
      return;
    }
    save.mutate(
      { id: question?.ID ?? null, input: inputOf(values) },
      {
        onSuccess: (saved) => {
          const message =
            question === null
              ? t(questionManageMessages.created)
              : saved.current.version === question.current.version
                ? t(questionManageMessages.unchanged)
                : t(questionManageMessages.newVersion, { version: saved.current.version });
          showToast({ title: t(questionManageTitles.childPage), message, tone: 'success' });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && (Object.keys(fieldErrors).length === 0 || unplaced) && (
          <Alert color="red" variant="light" role="alert">
            {t(questionManageMessages.saveFailed, { reason: reasonOf(save.error) })}
          </Alert>
        )}
        <Textarea
          label={t(l.text)}
          description={t(l['text::description'])}
          value={values.text}
          onChange={(event) => {
            set({ text: event.currentTarget.value });
            setTextMissing(false);
          }}
          required
          maxLength={QUESTION_TEXT_MAX}
          autosize
          minRows={2}
          error={textMissing ? t(questionManageMessages.textRequired) : fieldErrors.text}
          data-autofocus
        />
        <NativeSelect
          label={t(l.answerType)}
          value={values.answerType}
          onChange={(event) => set({ answerType: event.currentTarget.value as AnswerType, blockingAnswer: '' })}
          data={answerTypes.map((type) => ({ value: type, label: t(questionAnswerTypeCaptions[type]) }))}
          error={fieldErrors.answerType}
        />
        {values.answerType === 'choice' && (
          <Textarea
            label={t(l.choices)}
            description={t(l['choices::description'])}
            value={values.choicesText}
            onChange={(event) => set({ choicesText: event.currentTarget.value })}
            autosize
            minRows={3}
            error={fieldErrors.choices}
          />
        )}
        <Switch
          label={t(l.mandatory)}
          description={t(l['mandatory::description'])}
          checked={values.isMandatory}
          onChange={(event) => set({ isMandatory: event.currentTarget.checked })}
        />
        {(values.answerType === 'yes_no_na' || values.answerType === 'choice') && (
          <NativeSelect
            label={t(l.blockingAnswer)}
            description={t(l['blockingAnswer::description'])}
            value={options.includes(values.blockingAnswer) ? values.blockingAnswer : ''}
            onChange={(event) => set({ blockingAnswer: event.currentTarget.value })}
            data={[
              { value: '', label: t(l.noBlockingAnswer) },
              ...options.map((option) => ({
                value: option,
                label: values.answerType === 'yes_no_na' ? yesNoLabel(t, option) : option,
              })),
            ]}
            error={fieldErrors.blockingAnswer}
          />
        )}
        {values.answerType === 'number' && (
          <div className={classes.range}>
            <TextInput
              label={t(l.minValue)}
              inputMode="decimal"
              value={values.minValue}
              onChange={(event) => set({ minValue: event.currentTarget.value })}
              error={fieldErrors.minValue}
            />
            <TextInput
              label={t(l.maxValue)}
              inputMode="decimal"
              value={values.maxValue}
              onChange={(event) => set({ maxValue: event.currentTarget.value })}
              error={fieldErrors.maxValue}
            />
            <p className={classes.rangeHint}>{t(l['range::description'])}</p>
          </div>
        )}
        {values.answerType === 'number' && (
          <NativeSelect
            label={t(l.fact)}
            description={t(l['fact::description'])}
            value={values.fact}
            onChange={(event) => set({ fact: event.currentTarget.value as QuestionFormValues['fact'] })}
            data={[
              { value: '', label: t(l.noFact) },
              ...questionFacts.map((fact) => ({ value: fact, label: t(questionFactCaptions[fact]) })),
            ]}
            error={fieldErrors.fact}
          />
        )}
        <FormButtons
          cancelLabel={t(questionManageButtons.cancel)}
          saveLabel={t(questionManageButtons.save)}
          saving={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
