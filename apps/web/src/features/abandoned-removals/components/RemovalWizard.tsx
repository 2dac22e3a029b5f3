import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import {
  abandonedRemovalButtons as B,
  abandonedRemovalLabels as L,
  abandonedRemovalMessages as M,
  contactMethodCaptions,
  contactMethods,
  type AbandonedRemovalCandidate,
  type ContactAttempt,
  type ContactMethod,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { useRecordRemoval } from '../api/record-removal';
import { attemptLine, candidateKey, formatWhen, removedWhat, whereWas } from '../model/describe';
import classes from '../AbandonedRemovals.module.css';

const steps = [L.stepWhat, L.stepNotOnSite, L.stepAttempts, L.stepReason, L.stepConfirm] as const;

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
  const t = useCaptions();
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
  const applier = chosen?.applier.displayName ?? t(L.theApplier);

  if (record.isSuccess) {
    return (
      <Stack>
        <Alert color="green" variant="light" role="status" title={t(L.removedTitle)}>
          {t(L.removedText, { what: removedWhat(record.data, t), name: record.data.applier.displayName })}
        </Alert>
        <Button size="md" className={classes.touch} onClick={onClose}>
          {t(B.done)}
        </Button>
      </Stack>
    );
  }

  const stepProblem = (): string | null => {
    if (step === 0 && !chosen) return t(M.chooseWhat);
    if (step === 1 && !notOnSite) return t(M.confirmNotOnSite, { name: applier });
    if (step === 2 && attempts.length === 0) return t(M.recordAttempt, { name: applier });
    if (step === 3 && !reason.trim()) return t(M.reasonRequired);
    return null;
  };
  const next = () => {
    const found = stepProblem();
    setProblem(found);
    if (!found) setStep((s) => s + 1);
  };
  const addAttempt = () => {
    const at = new Date(draft.at);
    if (!draft.outcome.trim()) return setProblem(t(M.outcomeRequired));
    if (Number.isNaN(at.getTime())) return setProblem(t(M.whenRequired));
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
        {t(L.stepOf, { step: step + 1, count: steps.length })}
      </Text>
      <Title order={3}>{t(steps[step]!)}</Title>

      {step === 0 && (
        <Stack gap="sm" role="group" aria-label={t(L.candidates)}>
          {candidates.map((c) => (
            <button
              key={candidateKey(c)}
              type="button"
              className={classes.choice}
              aria-pressed={candidateKey(c) === chosenKey}
              onClick={() => setChosenKey(candidateKey(c))}
            >
              <strong style={{ fontSize: '1.125rem' }}>{removedWhat(c, t)}</strong>
              <br />
              <span className={classes.point}>{whereWas(c, t)}</span>
              <br />
              {t(L.appliedByAt, { name: c.applier.displayName, at: formatWhen(c.appliedAt) })}
            </button>
          ))}
        </Stack>
      )}

      {step === 1 && (
        <Checkbox
          size="lg"
          checked={notOnSite}
          onChange={(e) => setNotOnSite(e.currentTarget.checked)}
          label={t(L.notOnSite, { name: applier })}
          description={t(L.notOnSiteRule)}
        />
      )}

      {step === 2 && (
        <Stack gap="sm">
          {attempts.length > 0 && (
            <ul aria-label={t(L.attemptsRecorded)} style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {attempts.map((a, index) => (
                <li key={index}>{attemptLine(a, t)}</li>
              ))}
            </ul>
          )}
          <TextInput
            type="datetime-local"
            label={t(L.when)}
            size="md"
            value={draft.at}
            onChange={(e) => setDraft({ ...draft, at: e.currentTarget.value })}
          />
          <NativeSelect
            label={t(L.how)}
            size="md"
            value={draft.method}
            data={contactMethods.map((m) => ({ value: m, label: t(contactMethodCaptions[m]) }))}
            onChange={(e) => setDraft({ ...draft, method: e.currentTarget.value as ContactMethod })}
          />
          <TextInput
            label={t(L.outcome)}
            size="md"
            placeholder={t(L.outcomePlaceholder)}
            value={draft.outcome}
            onChange={(e) => setDraft({ ...draft, outcome: e.currentTarget.value })}
          />
          <Button variant="light" size="md" className={classes.touch} onClick={addAttempt}>
            {t(B.addAttempt)}
          </Button>
        </Stack>
      )}

      {step === 3 && (
        <Textarea
          label={t(L.reasonForRemoving)}
          size="md"
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      )}

      {step === 4 && chosen && (
        <dl className={classes.facts}>
          <dt>{t(L.remove)}</dt>
          <dd>
            <strong>{t(L.removeAt, { what: removedWhat(chosen, t), where: whereWas(chosen, t) })}</strong>
          </dd>
          <dt>{t(L.appliedBy)}</dt>
          <dd>{t(L.notOnSiteVerified, { name: chosen.applier.displayName })}</dd>
          <dt>{t(L.attemptsToReach)}</dt>
          <dd>
            <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
              {attempts.map((a, index) => (
                <li key={index}>{attemptLine(a, t)}</li>
              ))}
            </ul>
          </dd>
          <dt>{t(L.reason)}</dt>
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
          {t(M.notRemoved, { reason: reasonOf(record.error) })}
        </Alert>
      )}

      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        <Button
          variant="default"
          size="md"
          className={classes.touch}
          onClick={() => (step === 0 ? onClose() : (setProblem(null), setStep((s) => s - 1)))}
        >
          {step === 0 ? t(B.cancel) : t(B.back)}
        </Button>
        {step < steps.length - 1 ? (
          <Button size="md" className={classes.touch} onClick={next}>
            {t(B.next)}
          </Button>
        ) : (
          <Button color="red" size="md" className={classes.touch} loading={record.isPending} onClick={confirm}>
            {t(
              chosen?.lockSerial && chosen.tagNumber
                ? B.removeLockAndTag
                : chosen?.lockSerial
                  ? B.removeLock
                  : B.removeTag,
            )}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
