import { Alert, Checkbox, PasswordInput, Stack, Text, Textarea } from '@mantine/core';
import { useImperativeHandle, useState, type Ref } from 'react';
import {
  simopsCheckedCommands,
  simopsLabels,
  simopsOverrideLabels as L,
  type Permit,
  type PermitCommand,
  type SimopsConflict,
} from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { usePermitSimops } from '../api/get-permit-simops';
import classes from '../Simops.module.css';
import { facilityTime } from './ConflictList';

/** The permits module's command dialog calls this on confirm (its CommandFieldsHandle; app/ joins the two). */
export interface SimopsOverrideHandle {
  collect: (body: object) => object | null;
}

export interface SimopsOverrideFieldsProps {
  ref: Ref<SimopsOverrideHandle>;
  permit: Permit;
  verb: PermitCommand;
  refusal: unknown;
  /** The dialog asks for the password itself (Approve signs with it): the override is signed with the same. */
  passwordAsked: boolean;
}

const checked = (verb: PermitCommand) => (simopsCheckedCommands as readonly string[]).includes(verb);

/** The permit numbers a refusal names as blocking SIMOPS conflicts (none: not that refusal). */
export function refusedConflicts(refusal: unknown): string[] {
  if (!(refusal instanceof ApiRequestError) || refusal.status !== 409) return [];
  return (refusal.error.details ?? []).filter((d) => d.field === 'simopsConflicts').map((d) => d.message);
}

/** The server's word on an override field ('simopsOverride.password'), shown at that field. */
const refusedAt = (refusal: unknown, field: 'reason' | 'password') =>
  refusal instanceof ApiRequestError
    ? refusal.error.details?.find((d) => d.field === `simopsOverride.${field}`)?.message
    : undefined;

/**
 * In the Approve and Issue dialog: the SIMOPS conflicts the command meets and, when one blocks it
 * (or the server refused it for one), "Override" with a required reason signed with the password,
 * sent as `simopsOverride`. Other commands: nothing.
 */
export function SimopsOverrideFields({ ref, permit, verb, refusal, passwordAsked }: SimopsOverrideFieldsProps) {
  const t = useCaptions();
  const applies = checked(verb);
  const simops = usePermitSimops(permit.ID, permit.version, applies);
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ reason?: string; password?: string }>({});
  const conflicts = simops.data?.conflicts ?? [];
  const blocking = conflicts.filter((c) => c.rule === 'block');
  const refused = refusedConflicts(refusal);
  const offered = applies && (blocking.length > 0 || refused.length > 0);

  useImperativeHandle(ref, () => ({
    collect: (body) => {
      if (!offered || !override) return {};
      const signedWith = passwordAsked ? (body as { password?: unknown }).password : password;
      const found = {
        reason: reason.trim() ? undefined : t(L.reasonRequired),
        password: typeof signedWith === 'string' && signedWith ? undefined : t(L.passwordRequired),
      };
      setProblems(found);
      if (found.reason || found.password) return null;
      return { simopsOverride: { reason: reason.trim(), password: signedWith as string } };
    },
  }));

  // A refusal the conflicts list has not caught up with still gets its override.
  if (!applies || (!offered && !conflicts.length)) return null;
  const timeZone = simops.data?.timeZone ?? 'UTC';
  const others = conflicts.filter((c) => c.rule !== 'block');
  // Notes, not alerts: the dialog's one alert is the command's refusal.
  return (
    <Stack gap="sm">
      {blocking.length > 0 && (
        <Alert color="red" variant="light" role="note" title={t(L.blocking)}>
          <ConflictLines conflicts={blocking} timeZone={timeZone} />
        </Alert>
      )}
      {others.length > 0 && (
        <Alert color="yellow" variant="light" role="note" title={`⚠ ${t(L.warning)}`}>
          <ConflictLines conflicts={others} timeZone={timeZone} />
        </Alert>
      )}
      {offered && (
        <Checkbox
          size="md"
          label={t(L.override)}
          description={t(L['override::description'])}
          checked={override}
          onChange={(e) => setOverride(e.currentTarget.checked)}
        />
      )}
      {offered && override && (
        <>
          <Textarea
            label={t(L.reason)}
            required
            autosize
            minRows={2}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={problems.reason ?? refusedAt(refusal, 'reason')}
          />
          {passwordAsked ? (
            <Text size="sm">{t(L.passwordAbove)}</Text>
          ) : (
            <PasswordInput
              label={t(L.password)}
              description={t(L['password::description'])}
              required
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={problems.password ?? refusedAt(refusal, 'password')}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** One line per conflict, short enough for the dialog at 390 px: number, type, window, area. */
function ConflictLines({ conflicts, timeZone }: { conflicts: SimopsConflict[]; timeZone: string }) {
  const t = useCaptions();
  return (
    <ul className={classes.list}>
      {conflicts.map(({ permit }) => (
        <li key={permit.ID}>
          <strong>{permit.number}</strong> · {permit.type.name} ·{' '}
          {t(simopsLabels.windowRange, {
            start: facilityTime(permit.plannedStart, timeZone),
            end: facilityTime(permit.plannedEnd, timeZone),
          })}{' '}
          · {permit.area.number} {permit.area.name}
        </li>
      ))}
    </ul>
  );
}
