import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  abandonedRemovalButtons as B,
  abandonedRemovalLabels as L,
  abandonedRemovalMessages as M,
  contactMethodCaptions,
  contactMethods,
  loginLabels,
  signatureLabels,
  signatureMeaningOf,
  signatureMessages,
  type AbandonedRemovalCandidate,
  type ContactAttempt,
  type ContactMethod,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { useSigningMethod, useStartSsoSigning } from '../../../lib/sso-signing';
import { useRecordRemoval } from '../api/record-removal';
import { attemptLine, candidateKey, formatWhen, removedWhat, whereWas } from '../model/describe';
import classes from '../AbandonedRemovals.module.css';

const steps = [L.stepWhat, L.stepNotOnSite, L.stepAttempts, L.stepReason, L.stepConfirm] as const;

/** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local input shows it. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The wizard's answers, kept on the device while a single sign-on user signs at the identity provider. */
export interface PendingRemoval {
  chosenKey: string;
  attempts: ContactAttempt[];
  reason: string;
  idempotencyKey: string;
}

/** Back from the identity provider: the answers given before, and the one-time token that signs them. */
export interface ResumedRemoval extends PendingRemoval {
  signingIntent: string;
}

/**
 * The (e)(3) wizard, one step at a time, the next step's button first: pick the lock and/or tag →
 * confirm its applier is not on site → record each attempt to reach them → the reason → confirm and
 * sign. The one command runs only at the last step; until then nothing changes. Removing someone
 * else's lock is an electronic signature (password, or signing in again at the identity provider,
 * after which the wizard reopens at the last step with `resumed` and sends it signed).
 */
export function RemovalWizard({
  permitId,
  candidates,
  onClose,
  resumed,
}: {
  permitId: number;
  candidates: AbandonedRemovalCandidate[];
  onClose: () => void;
  resumed?: ResumedRemoval;
}) {
  const t = useCaptions();
  const record = useRecordRemoval(permitId);
  const [step, setStep] = useState(resumed ? steps.length - 1 : 0);
  const [chosenKey, setChosenKey] = useState<string | null>(
    resumed?.chosenKey ?? (candidates.length === 1 ? candidateKey(candidates[0]!) : null),
  );
  const [notOnSite, setNotOnSite] = useState(!!resumed);
  const [attempts, setAttempts] = useState<ContactAttempt[]>(resumed?.attempts ?? []);
  const [draft, setDraft] = useState({
    at: localInputValue(new Date()),
    method: 'phone' as ContactMethod,
    outcome: '',
  });
  const [reason, setReason] = useState(resumed?.reason ?? '');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // One key per wizard: a retried confirmation (a double tap, a dropped answer) applies once.
  const key = useRef(resumed?.idempotencyKey ?? crypto.randomUUID());
  const chosen = candidates.find((c) => candidateKey(c) === chosenKey) ?? null;
  const applier = chosen?.applier.displayName ?? t(L.theApplier);
  // How the supervisor signs: the password, or (single sign-on) signing in again at the identity provider.
  const signing = useSigningMethod(true);
  const startSso = useStartSsoSigning(permitId, 'abandoned-removal');
  const ssoName = signing.data?.method === 'sso' ? (signing.data.identityProvider ?? '') : null;
  const askPassword = !signing.isPending && ssoName === null;
  const sent = useRef(false);
  const inputOf = () => ({
    lockApplicationId: chosen!.lockApplicationId,
    tagId: chosen!.tagId,
    applierNotOnSite: true as const,
    attempts,
    reason: reason.trim(),
  });

  // Back from the identity provider: send the removal once, signed with its token (it works once).
  useEffect(() => {
    if (!resumed || sent.current || !chosen) return;
    sent.current = true;
    record.mutate({
      input: { ...inputOf(), signingIntent: resumed.signingIntent },
      idempotencyKey: key.current,
    });
  });

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

  const stepProblem = (recorded: number): string | null => {
    if (step === 0 && !chosen) return t(M.chooseWhat);
    if (step === 1 && !notOnSite) return t(M.confirmNotOnSite, { name: applier });
    if (step === 2 && recorded === 0) return t(M.recordAttempt, { name: applier });
    if (step === 3 && !reason.trim()) return t(M.reasonRequired);
    return null;
  };
  /** Records the attempt being typed; false (and says why) when it is not complete. */
  const addAttempt = (): boolean => {
    const at = new Date(draft.at);
    const missing = !draft.outcome.trim() ? M.outcomeRequired : Number.isNaN(at.getTime()) ? M.whenRequired : null;
    if (missing) {
      setProblem(t(missing));
      return false;
    }
    setAttempts((list) => [...list, { at: at.toISOString(), method: draft.method, outcome: draft.outcome.trim() }]);
    setDraft({ at: localInputValue(new Date()), method: draft.method, outcome: '' });
    setProblem(null);
    return true;
  };
  const next = () => {
    // An attempt typed in full counts without "Add this attempt": Next would otherwise drop it, or
    // refuse as if nothing had been recorded.
    let recorded = attempts.length;
    if (step === 2 && draft.outcome.trim()) {
      if (!addAttempt()) return;
      recorded += 1;
    }
    const found = stepProblem(recorded);
    setProblem(found);
    if (!found) setStep((s) => s + 1);
  };
  const confirm = () => {
    if (!password) return setProblem(t(signatureMessages.passwordRequired));
    setProblem(null);
    record.mutate({ input: { ...inputOf(), password }, idempotencyKey: key.current });
  };
  const signAtIdentityProvider = () => {
    const pending: PendingRemoval = {
      chosenKey: chosenKey!,
      attempts,
      reason: reason.trim(),
      idempotencyKey: key.current,
    };
    startSso.mutate(pending);
  };

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
          <Button variant="light" size="md" className={classes.touch} onClick={() => addAttempt()}>
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

      {step === 4 && chosen && (
        <Stack gap="sm">
          {/* What the signature means, above where it is given. */}
          <Text fw={600} data-testid="signature-meaning">
            {t(signatureLabels.confirm, { meaning: t(signatureMeaningOf('abandoned-removal')) })}
          </Text>
          {signing.isPending && <Loader size="sm" aria-label={t(signatureLabels.password)} />}
          {ssoName !== null && <Text>{t(signatureLabels.verbSsoDescription, { idp: ssoName })}</Text>}
          {askPassword && (
            <PasswordInput
              label={t(signatureLabels.password)}
              description={t(signatureLabels.verbPasswordDescription)}
              required
              size="md"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              classNames={{ input: classes.password }}
              rightSectionWidth={44}
              // Mantine's own name for the eye button is English only.
              visibilityToggleButtonProps={{ 'aria-label': t(loginLabels.showPassword), className: classes.reveal }}
              data-autofocus
            />
          )}
        </Stack>
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
      {startSso.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(M.notRemoved, { reason: reasonOf(startSso.error) })}
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
        ) : ssoName !== null ? (
          <Button
            color="red"
            size="md"
            className={classes.touch}
            // Loading until the page has gone (the identity provider's page replaces this one), or
            // while the removal signed there is sent.
            loading={startSso.isPending || startSso.isSuccess || record.isPending}
            disabled={!chosen}
            h="auto"
            mih={44}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            onClick={signAtIdentityProvider}
          >
            {t(signatureLabels.ssoSign, { idp: ssoName })}
          </Button>
        ) : (
          <Button
            color="red"
            size="md"
            className={classes.touch}
            loading={record.isPending}
            disabled={signing.isPending || !chosen}
            onClick={confirm}
          >
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
