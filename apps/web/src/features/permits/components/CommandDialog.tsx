import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useRef, useState } from 'react';
import {
  isSignedPermitCommand,
  loginLabels,
  permitStatusCaptions,
  permitsButtons,
  rejectionNoteRequired,
  permitsLabels,
  permitsMessages,
  signatureLabels,
  signatureMeaningOf,
  signatureMessages,
  type Permit,
  type PermitCommand,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonIn, reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { usePermitType } from '../api/get-permit-type';
import { useRejectionReasons } from '../api/rejection-reasons';
import { isStale, usePermitCommand } from '../api/send-command';
import { useSigningMethod, useStartSsoSigning } from '../../../lib/sso-signing';
import { commandPlan, inputOf } from '../model/command-plan';
import type { CommandFieldsHandle } from '../model/command-fields';
import { fromLocalInput, latestEnd, toLocalInput, type PickedPerson } from '../model/permit-form';
import classes from '../Permits.module.css';
import { PersonPicker } from '../../../components/PersonPicker';
import { savedOnDevice } from '../offline/saved-on-device';
import { CommandFields } from './CommandFields';
import { RejectionFields } from './RejectionFields';
import { HandoverFields } from './HandoverFields';
import { HandoverNotes } from './HandoverNotes';
import {
  emptyHandoverNotes,
  handoverNotesProblems,
  trimmedHandoverNotes,
  type HandoverNotesInput,
  type HandoverNotesProblems,
} from '../model/handover-notes';
import type { PermitSectionEntry } from '../model/permit-sections';
import { refusalSection, refusalTabOf } from '../model/refusal-tabs';
import { RefusalTabLink } from './RefusalTabLink';

interface CommandDialogProps {
  permit: Permit;
  verb: PermitCommand;
  onClose: () => void;
  /** A stale version: the page reloads the permit. */
  onStale: () => void;
  /** A refusal links to the tab that resolves it (the dialog closes on the way). */
  sections?: readonly PermitSectionEntry[];
  onOpenTab?: (id: string) => void;
}

/** The confirmation of one command: what will happen, who is told, and the input the command needs. */
export function CommandDialog({ permit, verb, onClose, onStale, sections = [], onOpenTab }: CommandDialogProps) {
  const t = useCaptions();
  const plan = commandPlan(permit, verb, t);
  const input = inputOf(verb);
  const command = usePermitCommand(permit.ID);
  // One key per confirmation: a double tap or a retry gives the command once.
  const [key] = useState(() => crypto.randomUUID());
  const [reason, setReason] = useState('');
  const [plannedEnd, setPlannedEnd] = useState(() => toLocalInput(permit.plannedEnd));
  const [newHolder, setNewHolder] = useState<PickedPerson | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  // Shift change (f)(4): the outgoing holder's notes; the incoming holder's acknowledgment of them.
  const [handover, setHandover] = useState<HandoverNotesInput>(emptyHandoverNotes);
  const [handoverProblems, setHandoverProblems] = useState<HandoverNotesProblems>({});
  const pendingHandover = verb === 'accept' ? (permit.pendingHandover ?? null) : null;
  const [acknowledged, setAcknowledged] = useState(false);
  const [acknowledgeProblem, setAcknowledgeProblem] = useState<string | null>(null);
  const reasons = useRejectionReasons(input === 'rejection');
  // An extension stays within the type's maximum validity from the planned start: say where that ends.
  const type = usePermitType(input === 'plannedEnd' ? permit.permitType.code : '');
  const maxHours = type.data?.maxValidityHours;
  // The verbs that hand over responsibility are signed: the password again, or, for a single sign-on
  // user, signing in again at the identity provider (decisions 0059 and 0101).
  const signs = isSignedPermitCommand(verb);
  const signing = useSigningMethod(signs);
  const startSso = useStartSsoSigning(permit.ID, verb);
  const ssoName = signs && signing.data?.method === 'sso' ? (signing.data.identityProvider ?? '') : null;
  // Offline the method cannot be asked (the query waits for the network): the password is asked; the
  // offline source seals it for the queued step (never queued plainly) and the server checks it at sync.
  const methodLoading = signs && signing.isPending && signing.fetchStatus !== 'paused';
  const askPassword = signs && !methodLoading && ssoName === null;
  // What the signature means, shown before signing (an approval's is its stage's, said by approveChange).
  const meaning = signs && verb !== 'approve' ? t(signatureMeaningOf(verb)) : null;
  const latest = maxHours === undefined ? null : latestEnd(toLocalInput(permit.plannedStart), maxHours);
  // A refusal the server says a tab resolves (unanswered questions, crew still signed on): link there.
  const resolvedIn = command.isError ? refusalSection(refusalTabOf(command.error), sections) : null;
  // Fields another feature adds (the SIMOPS override of Approve and Issue), provided by app/.
  const fields = useRef<CommandFieldsHandle>(null);

  /** The verb's own fields (not its signature, nor other features' fields), or null when one is missing (its field says which). */
  const verbBody = (): object | null => {
    let body: object = {};
    if (input === 'reason') {
      if (!reason.trim()) return fail(t(permitsMessages.reasonRequired));
      body = { reason };
    } else if (input === 'plannedEnd') {
      const end = fromLocalInput(plannedEnd);
      if (!end || Date.parse(end) <= Date.parse(permit.plannedEnd)) return fail(t(permitsMessages.newEndAfter));
      body = { plannedEnd: end };
    } else if (input === 'newHolder') {
      const problems = handoverNotesProblems(handover, t);
      setHandoverProblems(problems);
      if (!newHolder) return fail(t(permitsMessages.pickNewHolder));
      if (problems.abnormalConditions || problems.workRemaining) return null;
      // The locks that stay on come from the isolation plan's fields (CommandFields); none without a plan.
      body = { newHolderId: newHolder.ID, ...trimmedHandoverNotes(handover), locksStaying: [] };
    } else if (input === 'rejection') {
      const picked = reasons.data?.find((i) => String(i.ID) === reasonId);
      setNoteProblem(null);
      if (!picked) return fail(t(permitsMessages.pickRejectionReason));
      setProblem(null);
      if (rejectionNoteRequired(picked.value) && !note.trim()) {
        setNoteProblem(t(permitsMessages.rejectionNoteRequired));
        return null;
      }
      body = { reasonId: picked.ID, ...(note.trim() ? { note } : {}) };
    }
    if (pendingHandover) {
      setAcknowledgeProblem(acknowledged ? null : t(permitsMessages.handoverAcknowledgeRequired));
      if (!acknowledged) return null;
      body = { ...body, acknowledgesHandover: true };
    }
    return body;
  };
  /**
   * The fields other features add (the locks staying on, the SIMOPS override), given the body with
   * its signature: an override signed with the dialog's password reads it there. Null: not yet.
   */
  const withAddedFields = (body: object): object | null => {
    const added = fields.current ? fields.current.collect(body) : {};
    return added ? { ...body, ...added } : null;
  };
  const fail = (message: string): null => {
    setProblem(message);
    return null;
  };

  const confirm = () => {
    const own = verbBody();
    if (!own) return;
    if (signs && !password) return setProblem(t(signatureMessages.passwordRequired));
    const body = withAddedFields(signs ? { ...own, password } : own);
    if (!body) return;
    setProblem(null);
    command.mutate(
      { verb, body, version: permit.version, idempotencyKey: key },
      {
        onSuccess: (updated) => {
          // Kept on the device only: its own toast said "Saved offline", never that the step is done.
          if (savedOnDevice(updated)) return onClose();
          showToast({
            title: updated.number,
            message: t(permitsMessages.commandDone, {
              command: plan.label,
              status: t(permitStatusCaptions[updated.status]),
            }),
            tone: 'success',
          });
          onClose();
        },
        onError: (error) => {
          if (isStale(error)) onStale();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(permitsLabels.commandTitle, { command: plan.label, number: permit.number })}
      centered
      // Not "Close": that is a command's name (closing the permit).
      closeButtonProps={{ 'aria-label': t(permitsLabels.dismiss) }}
    >
      <Stack gap="sm">
        <Text fw={600}>{plan.change}</Text>
        <Text>{plan.notifies}</Text>
        {input === 'reason' && (
          <Textarea
            label={t(permitsLabels.reason)}
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={problem}
            data-autofocus
          />
        )}
        {input === 'plannedEnd' && (
          <TextInput
            type="datetime-local"
            label={t(permitsLabels.newPlannedEnd)}
            description={
              latest
                ? t(permitsLabels.newEndLimit, { hours: maxHours ?? '', latest: latest.replace('T', ' ') })
                : t(permitsLabels.newEndWithin)
            }
            max={latest ?? undefined}
            required
            value={plannedEnd}
            onChange={(e) => setPlannedEnd(e.currentTarget.value)}
            error={problem}
            classNames={{ input: classes.input }}
          />
        )}
        {input === 'newHolder' && (
          <PersonPicker
            label={t(permitsLabels.newHolder)}
            description={t(permitsLabels.newHolderDescription)}
            required
            value={newHolder}
            onChange={setNewHolder}
            error={problem ?? undefined}
            exclude={permit.holder ? [permit.holder.ID] : []}
          />
        )}
        {input === 'newHolder' && (
          <HandoverFields
            value={handover}
            onChange={(notes) => {
              setHandover(notes);
              // A field's problem goes once it is typed in (the rest are said again on confirm).
              setHandoverProblems((was) => ({
                ...(notes.abnormalConditions.trim() ? {} : { abnormalConditions: was.abnormalConditions }),
                ...(notes.workRemaining.trim() ? {} : { workRemaining: was.workRemaining }),
              }));
            }}
            problems={handoverProblems}
          />
        )}
        {pendingHandover && (
          <>
            <HandoverNotes handover={pendingHandover} />
            <Checkbox
              size="md"
              label={t(permitsLabels.handoverAcknowledge)}
              checked={acknowledged}
              onChange={(e) => {
                setAcknowledged(e.currentTarget.checked);
                if (e.currentTarget.checked) setAcknowledgeProblem(null);
              }}
              error={acknowledgeProblem}
            />
          </>
        )}
        {input === 'rejection' && (
          <RejectionFields
            reasons={reasons}
            reasonId={reasonId}
            onReason={setReasonId}
            note={note}
            onNote={setNote}
            reasonProblem={problem}
            noteProblem={noteProblem}
          />
        )}
        {/* Fields of other features (the locks staying on, the SIMOPS override): before the signature, which comes last. */}
        <CommandFields ref={fields} permit={permit} verb={verb} refusal={command.error} passwordAsked={askPassword} />
        {methodLoading && <Loader size="sm" aria-label={t(signatureLabels.password)} />}
        {meaning !== null && (
          <Text fw={600} data-testid="signature-meaning">
            {t(signatureLabels.confirm, { meaning })}
          </Text>
        )}
        {ssoName !== null && (
          <Text>
            {meaning === null
              ? t(signatureLabels.ssoDescription, { idp: ssoName })
              : t(signatureLabels.verbSsoDescription, { idp: ssoName })}
          </Text>
        )}
        {askPassword && (
          <PasswordInput
            label={t(signatureLabels.password)}
            description={
              meaning === null ? t(signatureLabels.passwordDescription) : t(signatureLabels.verbPasswordDescription)
            }
            required
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={input === null || input === 'password' ? problem : undefined}
            classNames={{ input: classes.input }}
            // Mantine's own name for the eye button is English only.
            visibilityToggleButtonProps={{ 'aria-label': t(loginLabels.showPassword) }}
            data-autofocus={input === 'newHolder' ? undefined : true}
          />
        )}
        {command.isError && (
          <Alert color="red" variant="light" role="alert">
            {isStale(command.error) ? t(permitsMessages.stale) : reasonIn(command.error, t)}
            {resolvedIn && onOpenTab && (
              <div>
                <RefusalTabLink
                  section={resolvedIn}
                  onOpen={(id) => {
                    onClose();
                    onOpenTab(id);
                  }}
                />
              </div>
            )}
          </Alert>
        )}
        {startSso.isError && (
          <Alert color="red" variant="light" role="alert">
            {reasonOf(startSso.error)}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" size="md" className={classes.touch} onClick={onClose}>
            {t(permitsButtons.back)}
          </Button>
          {ssoName !== null ? (
            <Button
              size="md"
              className={classes.touch}
              // Loading until the page has gone: the identity provider's page replaces this one.
              loading={startSso.isPending || startSso.isSuccess}
              // A long identity provider name wraps instead of pushing the dialog sideways at 390 px.
              h="auto"
              mih={44}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              onClick={() => {
                // The verb's fields (the hand-over's new holder and notes) survive the trip to the identity provider.
                const own = verbBody();
                const body = own && withAddedFields(own);
                if (body) startSso.mutate(body);
              }}
            >
              {t(signatureLabels.ssoSign, { idp: ssoName })}
            </Button>
          ) : (
            <Button
              size="md"
              className={classes.touch}
              color={plan.danger ? 'red' : undefined}
              loading={command.isPending}
              disabled={methodLoading || (input === 'rejection' && !reasons.data?.length)}
              onClick={confirm}
            >
              {plan.confirm}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
