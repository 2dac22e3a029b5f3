import { useState } from 'react';
import { Alert, Button, Center, Checkbox, Loader, TextInput } from '@mantine/core';
import {
  numberingProblemCaptions,
  prefixManageButtons,
  prefixManageLabels,
  prefixManageMessages,
  prefixManageTitles,
  type NumberingOverview,
  type NumberingSubjectRow,
} from '@hasp/contracts';
import { useCaptions, type Translate } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useNumbering } from '../api/get-numbering';
import { reasonOf } from '../../../lib/send-form';
import { useSaveNumbering } from '../api/save-numbering';
import { changedRows, draftOf, facilityCodeIsValid, previewOf, type NumberingDraft } from '../form-values';
import cardGrid from '../../../components/CardGrid.module.css';
import classes from '../PrefixManage.module.css';
import { SaveBar } from '../../../components/SaveBar';

/** The numbering patterns of the facility: one card per permit type, tags and lockboxes; saved together. */
export function PrefixManage() {
  const t = useCaptions();
  const numbering = useNumbering();
  if (numbering.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(prefixManageTitles.patterns)} />
      </Center>
    );
  }
  if (numbering.isError) {
    return (
      <Alert color="red" variant="light" title={t(prefixManageMessages.loadFailed)}>
        <Button variant="default" mt="xs" onClick={() => void numbering.refetch()}>
          {t(prefixManageButtons.retry)}
        </Button>
      </Alert>
    );
  }
  // Saved patterns that changed (after a save) start a fresh draft; a refetch of the same ones keeps the edits.
  const savedKey = JSON.stringify([
    numbering.data.facilityCode,
    numbering.data.subjects.map((s) => [s.pattern, s.yearlyReset]),
  ]);
  return <PrefixManageForm key={savedKey} saved={numbering.data} />;
}

function subjectName(t: Translate, row: NumberingSubjectRow): string {
  if (row.kind === 'tag') return t(prefixManageLabels.tags);
  if (row.kind === 'lockbox') return t(prefixManageLabels.lockboxes);
  return row.permitType?.name ?? row.subject;
}

function PrefixManageForm({ saved }: { saved: NumberingOverview }) {
  const t = useCaptions();
  const save = useSaveNumbering();
  const [draft, setDraft] = useState<NumberingDraft>(() => draftOf(saved));
  const l = prefixManageLabels;
  const previews = new Map(saved.subjects.map((row) => [row.subject, previewOf(saved, row, draft)]));
  const codeValid = facilityCodeIsValid(draft.facilityCode);
  const hasProblem = !codeValid || [...previews.values()].some((p) => p.problem !== null);
  const changed = changedRows(saved, draft);
  const isDirty = changed.length > 0 || draft.facilityCode !== saved.facilityCode;

  const setPattern = (subject: string, change: Partial<NumberingDraft['patterns'][string]>) =>
    setDraft((current) => ({
      ...current,
      patterns: { ...current.patterns, [subject]: { ...current.patterns[subject]!, ...change } },
    }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (hasProblem || !isDirty) return;
        save.mutate(
          {
            facilityCode: draft.facilityCode,
            patterns: changed.map((row) => ({ subject: row.subject, ...draft.patterns[row.subject]! })),
          },
          {
            onSuccess: () =>
              showToast({
                title: t(prefixManageTitles.childPage),
                message: t(prefixManageMessages.saved),
                tone: 'success',
              }),
          },
        );
      }}
    >
      <div className={classes.intro}>
        <TextInput
          className={classes.facilityCode}
          label={t(l.facilityCode)}
          description={t(l['facilityCode::description'])}
          value={draft.facilityCode}
          maxLength={10}
          autoComplete="off"
          error={codeValid ? undefined : t(numberingProblemCaptions.facilityCode)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((current) => ({ ...current, facilityCode: value }));
          }}
        />
        <p className={classes.help}>{t(l.tokensHelp)}</p>
      </div>
      <h2 className={cardGrid.heading}>{t(prefixManageTitles.patterns)}</h2>
      <div className={cardGrid.cards}>
        {saved.subjects.map((row) => {
          const edited = draft.patterns[row.subject]!;
          const preview = previews.get(row.subject)!;
          const name = subjectName(t, row);
          const headingId = `numbering-${row.subject.replace(':', '-')}`;
          return (
            <section key={row.subject} className={cardGrid.card} aria-labelledby={headingId} data-subject={row.subject}>
              <h3 id={headingId} className={cardGrid.cardTitle}>
                {name}
                {row.permitType && <span className={cardGrid.code}>{row.permitType.code}</span>}
              </h3>
              <TextInput
                label={t(l.pattern)}
                value={edited.pattern}
                maxLength={40}
                autoComplete="off"
                spellCheck={false}
                classNames={{ input: classes.patternInput }}
                error={
                  preview.problem
                    ? t(numberingProblemCaptions[preview.problem.code], { token: preview.problem.token })
                    : undefined
                }
                onChange={(event) => setPattern(row.subject, { pattern: event.currentTarget.value })}
              />
              <Checkbox
                mt="sm"
                label={t(l.yearlyReset)}
                checked={edited.yearlyReset}
                onChange={(event) => setPattern(row.subject, { yearlyReset: event.currentTarget.checked })}
              />
              <p className={classes.preview}>
                <span className={classes.previewLabel}>{t(l.nextNumber)}</span>{' '}
                <output className={classes.previewValue} aria-live="polite" data-testid="next-number">
                  {preview.number ?? '—'}
                </output>
              </p>
            </section>
          );
        })}
      </div>
      <SaveBar
        failure={save.isError ? t(prefixManageMessages.saveFailed, { reason: reasonOf(save.error) }) : null}
        dirty={isDirty}
        saving={save.isPending}
        canSave={isDirty && !hasProblem}
        labels={{ unsaved: t(l.unsaved), discard: t(prefixManageButtons.discard), save: t(prefixManageButtons.save) }}
        onDiscard={() => {
          save.reset();
          setDraft(draftOf(saved));
        }}
      />
    </form>
  );
}
