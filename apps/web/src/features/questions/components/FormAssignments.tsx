import { useState } from 'react';
import { ActionIcon, Alert, Button, Center, Loader, NativeSelect } from '@mantine/core';
import {
  questionManageButtons,
  questionManageLabels,
  questionManageMessages,
  questionManageTitles,
  questionStages,
  type QuestionForm,
  type QuestionStage,
  type QuestionSummary,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useQuestionForm } from '../api/get-form';
import { usePermitTypes } from '../api/get-permit-types';
import { useQuestions } from '../api/get-questions';
import { useSaveQuestionForm } from '../api/save-form';
import { reasonOf } from '../api/send-change';
import classes from '../Questions.module.css';
import { questionText, stageLabel } from './question-captions';
import { SaveBar } from '../../../components/SaveBar';

/** Which questions a permit type asks at a stage, and in what order. */
export function FormAssignments() {
  const t = useCaptions();
  const l = questionManageLabels;
  const types = usePermitTypes();
  const [chosenType, setChosenType] = useState<number | null>(null);
  const [stage, setStage] = useState<QuestionStage>('request');
  const permitTypeId = chosenType ?? types.data?.[0]?.ID ?? null;
  const form = useQuestionForm(permitTypeId, stage);
  const questions = useQuestions({});

  return (
    <>
      <div className={classes.toolbar}>
        <NativeSelect
          className={classes.filter}
          label={t(l.permitType)}
          value={permitTypeId === null ? '' : String(permitTypeId)}
          onChange={(event) => setChosenType(Number(event.currentTarget.value))}
          data={(types.data ?? []).map((type) => ({ value: String(type.ID), label: `${type.code} — ${type.name}` }))}
        />
        <NativeSelect
          className={classes.filter}
          label={t(l.stage)}
          value={stage}
          onChange={(event) => setStage(event.currentTarget.value as QuestionStage)}
          data={questionStages.map((s) => ({ value: s, label: stageLabel(t, s) }))}
        />
      </div>
      {form.isPending || questions.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(questionManageTitles.assignments)} />
        </Center>
      ) : form.isError || questions.isError ? (
        <Alert color="red" variant="light" title={t(questionManageMessages.loadFailed)} />
      ) : (
        <FormEditor
          key={`${form.data.permitTypeID}-${form.data.stage}-${form.dataUpdatedAt}`}
          form={form.data}
          all={questions.data}
        />
      )}
    </>
  );
}

function FormEditor({ form, all }: { form: QuestionForm; all: QuestionSummary[] }) {
  const t = useCaptions();
  const l = questionManageLabels;
  const b = questionManageButtons;
  const save = useSaveQuestionForm();
  const saved = form.questions.map((q) => q.questionID);
  const [draft, setDraft] = useState<number[]>(saved);
  const [toAdd, setToAdd] = useState('');
  const byId = new Map(all.map((q) => [q.ID, q]));
  for (const q of form.questions) {
    if (!byId.has(q.questionID))
      byId.set(q.questionID, { ID: q.questionID, isActive: true, current: q, assignments: [] });
  }
  const changed = draft.length !== saved.length || draft.some((id, index) => id !== saved[index]);
  const addable = all.filter((q) => !draft.includes(q.ID));
  const move = (index: number, by: number) =>
    setDraft((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

  return (
    <section aria-labelledby="question-form-heading">
      <h2 id="question-form-heading" className={classes.sectionTitle}>
        {t(l.formQuestions)}
      </h2>
      {draft.length === 0 ? (
        <p className={classes.empty}>{t(l.emptyForm)}</p>
      ) : (
        <ol className={classes.formList}>
          {draft.map((id, index) => {
            const question = byId.get(id)!;
            const text = questionText(t, question.current);
            return (
              <li key={id} className={classes.formItem}>
                <span className={classes.position}>{t(l.position, { position: index + 1 })}</span>
                <span className={classes.formText}>{text}</span>
                <span className={classes.formButtons}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t(b.moveUp, { question: text })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <Icon name="chevron-up" size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t(b.moveDown, { question: text })}
                    disabled={index === draft.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <Icon name="chevron-down" size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t(b.remove, { question: text })}
                    onClick={() => setDraft((current) => current.filter((x) => x !== id))}
                  >
                    <Icon name="x" size={16} />
                  </ActionIcon>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className={classes.addRow}>
        <NativeSelect
          className={classes.addSelect}
          label={t(l.addQuestion)}
          value={toAdd}
          onChange={(event) => setToAdd(event.currentTarget.value)}
          data={[
            { value: '', label: t(l.chooseQuestion) },
            ...addable.map((q) => ({ value: String(q.ID), label: questionText(t, q.current) })),
          ]}
        />
        <Button
          variant="default"
          disabled={!toAdd}
          onClick={() => {
            setDraft((current) => [...current, Number(toAdd)]);
            setToAdd('');
          }}
        >
          {t(b.add)}
        </Button>
      </div>
      <SaveBar
        failure={save.isError ? t(questionManageMessages.saveFailed, { reason: reasonOf(save.error) }) : null}
        dirty={changed}
        saving={save.isPending}
        canSave={changed}
        labels={{ unsaved: t(l.unsaved), discard: t(b.discard), save: t(b.saveForm) }}
        onDiscard={() => setDraft(saved)}
        onSave={() =>
          save.mutate(
            { permitTypeId: form.permitTypeID, stage: form.stage, questionIDs: draft },
            {
              onSuccess: () =>
                showToast({
                  title: t(questionManageTitles.childPage),
                  message: t(questionManageMessages.formSaved),
                  tone: 'success',
                }),
            },
          )
        }
      />
    </section>
  );
}
