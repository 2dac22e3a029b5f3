import { useState } from 'react';
import { Alert, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { syncConflictButtons, syncConflictLabels as L, type SyncIssue } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import {
  deviceEditOf,
  deviceEditValues,
  devicePermitOf,
  editDifferences,
  mergedEdit,
  serverPermitOf,
} from '../model/edit-conflict';
import { describeValue, permitFieldLabels, valuesFromPermit, type PermitField } from '../model/permit-form';
import { FieldDifferences } from './FieldDifferences';

interface EditConflictViewProps {
  issue: SyncIssue;
  deviceCopy: unknown;
  busy: boolean;
  onMerge: (input: unknown, keptMine: string[]) => void;
}

/**
 * A permit edit made offline that met someone else's: field by field, the device's value beside the
 * server's, and a choice per field to send as one new edit over the server's version.
 */
export function EditConflictView({ issue, deviceCopy, busy, onMerge }: EditConflictViewProps) {
  const t = useCaptions();
  const [choosing, setChoosing] = useState(false);
  const [keep, setKeep] = useState<Partial<Record<PermitField, 'mine' | 'theirs'>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const server = serverPermitOf(issue.server?.state);
  const edit = deviceEditOf(issue.device.input);
  if (!server || !edit) return <Text size="sm">{t(L.notEditDifferences)}</Text>;
  const theirs = valuesFromPermit(server);
  const mine = deviceEditValues(edit, server, devicePermitOf(deviceCopy));
  const fields = editDifferences(mine, theirs);
  if (fields.length === 0) return <Text size="sm">{t(L.noDifferences)}</Text>;
  const choiceOf = (field: PermitField) => keep[field] ?? 'mine';

  const send = () => {
    const kept = fields.filter((field) => choiceOf(field) === 'mine');
    const merged = mergedEdit(mine, theirs, new Set(kept));
    if (!merged.ok) return setProblem(merged.message);
    setProblem(null);
    onMerge(
      merged.body,
      kept.map((field) => t(permitFieldLabels[field])),
    );
  };

  return (
    <Stack gap="xs">
      <FieldDifferences
        label={t(L.differences)}
        fieldHeading={t(L.field)}
        fields={fields}
        columns={[
          { heading: t(L.yours), testId: 'mine', value: (f) => describeValue(mine, f, t) },
          { heading: t(L.theirs), testId: 'theirs', value: (f) => describeValue(theirs, f, t) },
        ]}
      />
      {choosing ? (
        <Stack gap="xs" role="group" aria-label={t(L.choose)}>
          <Text size="sm" fw={600}>
            {t(L.choose)}
          </Text>
          {fields.map((field) => (
            <Group key={field} gap="xs" wrap="wrap" justify="space-between">
              <Text size="sm">{t(permitFieldLabels[field])}</Text>
              <SegmentedControl
                size="md"
                aria-label={t(L.choiceFor, { field: t(permitFieldLabels[field]) })}
                value={choiceOf(field)}
                onChange={(value) => setKeep({ ...keep, [field]: value })}
                data={[
                  { value: 'mine', label: t(L.useMine) },
                  { value: 'theirs', label: t(L.useTheirs) },
                ]}
              />
            </Group>
          ))}
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group gap="xs">
            <Button size="sm" mih={44} loading={busy} onClick={send}>
              {t(syncConflictButtons.sendChoice)}
            </Button>
            <Button size="sm" mih={44} variant="default" onClick={() => setChoosing(false)}>
              {t(syncConflictButtons.cancelChoice)}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button size="sm" mih={44} variant="light" disabled={busy} onClick={() => setChoosing(true)}>
            {t(syncConflictButtons.merge)}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
