import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  contactMethodLabels,
  contactMethods,
  type AbandonedRemovalCandidate,
  type ContactAttempt,
  type ContactMethod,
} from '@hasp/contracts';
import { reasonOf } from '../../../lib/send-form';
import { useRecordRemoval } from '../api/record-removal';
import { attemptLine, candidateKey, formatWhen, removedWhat, whereWas } from '../model/describe';
import classes from '../AbandonedRemovals.module.css';

const steps = ['What to remove', 'Not on site', 'Attempts to reach them', 'Reason', 'Confirm'] as const;

/** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input shows it. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The (e)(3) wizard, one step at a time, the next step's button first: pick the lock and/or tag →
 * confirm its applier is not on site → record each attempt to reach them → the reason → confirm.
 * The one command runs only at the last step; until then nothing changes.
 */
export function RemovalWizard({
  permitId,
  candidates,
  onClose,
}: {
  permitId: number;
  candidates: AbandonedRemovalCandidate[];
  onClose: () => void;
}) {
  const record = useRecordRemoval(permitId);
  const [step, setStep] = useState(0);
  const [chosenKey, setChosenKey] = useState<string | null>(
    candidates.length === 1 ? candidateKey(candidates[0]!) : null,
  );
  const [notOnSite, setNotOnSite] = useState(false);
  const [attempts, setAttempts] = useState<ContactAttempt[]>([]);
  const [draft, setDraft] = useState({
    at: localInputValue(new Date()),
    method: 'phone' as ContactMethod,
    outcome: '',
  });
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per wizard: a retried confirmation (a double tap, a dropped answer) applies once.
  const key = useRef(crypto.randomUUID());
  const chosen = candidates.find((c) => candidateKey(c) === chosenKey) ?? null;
  const applier = chosen?.applier.displayName ?? 'the person who applied it';

  if (record.isSuccess) {
    return (
      <Stack>
        <Alert color="green" variant="light" role="status" title="Removed">
          {removedWhat(record.data)} is removed and recorded. {record.data.applier.displayName} is notified and must
          acknowledge it at their next sign-in.
        </Alert>
        <Button size="md" className={classes.touch} onClick={onClose}>
          Done
        </Button>
      </Stack>
    );
  }

  const stepProblem = (): string | null => {
    if (step === 0 && !chosen) return 'Choose the lock or tag to remove';
    if (step === 1 && !notOnSite) return `Confirm that ${applier} is not on site`;
    if (step === 2 && attempts.length === 0) return `Record at least one attempt to reach ${applier}`;
    if (step === 3 && !reason.trim()) return 'Reason is required';
    return null;
  };
  const next = () => {
    const found = stepProblem();
    setProblem(found);
    if (!found) setStep((s) => s + 1);
  };
  const addAttempt = () => {
    const at = new Date(draft.at);
    if (!draft.outcome.trim()) return setProblem('Outcome is required: what came of this attempt');
    if (Number.isNaN(at.getTime())) return setProblem('When: a date and time');
    setAttempts((list) => [...list, { at: at.toISOString(), method: draft.method, outcome: draft.outcome.trim() }]);
    setDraft({ at: localInputValue(new Date()), method: draft.method, outcome: '' });
    setProblem(null);
  };
  const confirm = () =>
    record.mutate({
      input: {
        lockApplicationId: chosen!.lockApplicationId,
        tagId: chosen!.tagId,
        applierNotOnSite: true,
        attempts,
        reason: reason.trim(),
      },
      idempotencyKey: key.current,
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Step {step + 1} of {steps.length}
      </Text>
      <Title order={3}>{steps[step]}</Title>

      {step === 0 && (
        <Stack gap="sm" role="group" aria-label="Locks and tags applied by others">
          {candidates.map((c) => (
            <button
              key={candidateKey(c)}
              type="button"
              className={classes.choice}
              aria-pressed={candidateKey(c) === chosenKey}
              onClick={() => setChosenKey(candidateKey(c))}
            >
              <strong style={{ fontSize: '1.125rem' }}>{removedWhat(c)}</strong>
              <br />
              <span className={classes.point}>{whereWas(c)}</span>
              <br />
              Applied by {c.applier.displayName}, {formatWhen(c.appliedAt)}
            </button>
          ))}
        </Stack>
      )}

      {step === 1 && (
        <Checkbox
          size="lg"
          checked={notOnSite}
          onChange={(e) => setNotOnSite(e.currentTarget.checked)}
          label={`I have verified that ${applier} is not at the facility`}
          description="OSHA 1910.147 (e)(3)(i)"
        />
      )}

      {step === 2 && (
        <Stack gap="sm">
          {attempts.length > 0 && (
            <ul aria-label="Attempts recorded" style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {attempts.map((a, index) => (
                <li key={index}>{attemptLine(a)}</li>
              ))}
            </ul>
          )}
          <TextInput
            type="datetime-local"
            label="When"
            size="md"
            value={draft.at}
            onChange={(e) => setDraft({ ...draft, at: e.currentTarget.value })}
          />
          <NativeSelect
            label="How"
            size="md"
            value={draft.method}
            data={contactMethods.map((m) => ({ value: m, label: contactMethodLabels[m] }))}
            onChange={(e) => setDraft({ ...draft, method: e.currentTarget.value as ContactMethod })}
          />
          <TextInput
            label="Outcome"
            size="md"
            placeholder="No answer; voicemail left"
            value={draft.outcome}
            onChange={(e) => setDraft({ ...draft, outcome: e.currentTarget.value })}
          />
          <Button variant="light" size="md" className={classes.touch} onClick={addAttempt}>
            Add this attempt
          </Button>
        </Stack>
      )}

      {step === 3 && (
        <Textarea
          label="Reason for removing it"
          size="md"
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      )}

      {step === 4 && chosen && (
        <dl className={classes.facts}>
          <dt>Remove</dt>
          <dd>
            <strong>{removedWhat(chosen)}</strong> at {whereWas(chosen)}
          </dd>
          <dt>Applied by</dt>
          <dd>{chosen.applier.displayName} — not on site (verified)</dd>
          <dt>Attempts to reach them</dt>
          <dd>
            <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {attempts.map((a, index) => (
                <li key={index}>{attemptLine(a)}</li>
              ))}
            </ul>
          </dd>
          <dt>Reason</dt>
          <dd>{reason.trim()}</dd>
        </dl>
      )}

      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {record.isError && (
        <Alert color="red" variant="light" role="alert">
          Not removed: {reasonOf(record.error)}
        </Alert>
      )}

      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        <Button
          variant="default"
          size="md"
          className={classes.touch}
          onClick={() => (step === 0 ? onClose() : (setProblem(null), setStep((s) => s - 1)))}
        >
          {step === 0 ? 'Cancel' : 'Back'}
        </Button>
        {step < steps.length - 1 ? (
          <Button size="md" className={classes.touch} onClick={next}>
            Next
          </Button>
        ) : (
          <Button color="red" size="md" className={classes.touch} loading={record.isPending} onClick={confirm}>
            {chosen?.lockSerial && chosen.tagNumber
              ? 'Remove lock and tag'
              : chosen?.lockSerial
                ? 'Remove lock'
                : 'Remove tag'}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
