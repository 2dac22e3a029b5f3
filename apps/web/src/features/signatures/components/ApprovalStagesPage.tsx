import { Alert, Button, Loader, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  adminSettingsTitles,
  approvalStageLabels as L,
  defaultApprovalStage,
  permitRiskCaptions,
  permitRiskLevels,
  type ApprovalStageInput,
  type ApprovalStages,
  type ApprovalStagesUpdate,
  type PermitRiskLevel,
} from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useApprovalStages, useSaveApprovalStages } from '../api/approval-stages';
import classes from '../Signatures.module.css';

// Each level keeps at least one stage (contracts refuse an empty one): a level never configured
// starts with the plain stage it has been following.
const levelInput = (list: ApprovalStages['low']) =>
  (list.length ? list : [defaultApprovalStage]).map(({ name, meaning, groupId }) => ({ name, meaning, groupId }));
const toInput = (stages: ApprovalStages): ApprovalStagesUpdate => ({
  low: levelInput(stages.low),
  medium: levelInput(stages.medium),
  high: levelInput(stages.high),
});

/** Facility Settings › Approval stages: each risk level's stages in order (decision 0050). */
function StagesForm({ stages }: { stages: ApprovalStages }) {
  const t = useCaptions();
  // A failed save keeps what was typed: the form holds its own copy until saved.
  const [draft, setDraft] = useState<ApprovalStagesUpdate>(() => toInput(stages));
  const save = useSaveApprovalStages();
  const groups = [
    { value: '', label: t(L.anyApprover) },
    ...stages.groups.map((g) => ({ value: String(g.ID), label: g.name })),
  ];
  const change = (level: PermitRiskLevel, index: number, patch: Partial<ApprovalStageInput>) =>
    setDraft((d) => ({ ...d, [level]: d[level].map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
  return (
    <form
      className={classes.section}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft, { onSuccess: () => showToast({ title: t(L.saved), message: '', tone: 'success' }) });
      }}
    >
      {permitRiskLevels.map((level) => (
        <fieldset key={level} className={classes.card}>
          <legend className={classes.title}>{t(L.level, { level: t(permitRiskCaptions[level]) })}</legend>
          {draft[level].length === 0 && <p>{t(L.noStages)}</p>}
          {draft[level].map((stage, i) => (
            <div key={i} className={classes.stageEdit} role="group" aria-label={t(L.stage, { position: i + 1 })}>
              <strong>{t(L.stage, { position: i + 1 })}</strong>
              <TextInput
                label={t(L.name)}
                required
                maxLength={100}
                value={stage.name}
                onChange={(e) => change(level, i, { name: e.currentTarget.value })}
              />
              <TextInput
                label={t(L.meaning)}
                description={t(L.meaningHint)}
                required
                maxLength={200}
                value={stage.meaning}
                onChange={(e) => change(level, i, { meaning: e.currentTarget.value })}
              />
              <Select
                label={t(L.group)}
                data={groups}
                allowDeselect={false}
                value={stage.groupId === null ? '' : String(stage.groupId)}
                onChange={(v) => change(level, i, { groupId: v ? Number(v) : null })}
              />
              {draft[level].length > 1 && (
                <Button
                  variant="subtle"
                  color="red"
                  className={classes.touch}
                  onClick={() => setDraft((d) => ({ ...d, [level]: d[level].filter((_, j) => j !== i) }))}
                >
                  {t(L.remove, { position: i + 1 })}
                </Button>
              )}
            </div>
          ))}
          {draft[level].length < 5 && (
            <Button
              variant="default"
              className={classes.touch}
              onClick={() =>
                setDraft((d) => ({ ...d, [level]: [...d[level], { name: '', meaning: '', groupId: null }] }))
              }
            >
              {t(L.add)}
            </Button>
          )}
        </fieldset>
      ))}
      {save.isError && (
        <Alert color="red" variant="light" role="alert">
          {reasonOf(save.error)}
        </Alert>
      )}
      <Button type="submit" size="md" className={classes.touch} loading={save.isPending}>
        {t(L.save)}
      </Button>
    </form>
  );
}

/** Settings › Facility Settings › Approval stages (`/facility-settings/approval-stages`). */
export function ApprovalStagesPage() {
  const t = useCaptions();
  const stages = useApprovalStages();
  const title = t(adminSettingsTitles.settings);
  const childTitle = t(L.title);
  return (
    <RightNavGate id="facility-settings" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(L.intro)}>
        {stages.isPending && <Loader aria-label={childTitle} />}
        {stages.isError && (
          <Alert color="red" variant="light" role="alert">
            {t(L.loadFailed, { reason: reasonOf(stages.error) })}
          </Alert>
        )}
        {stages.data && <StagesForm stages={stages.data} />}
      </Page>
    </RightNavGate>
  );
}
