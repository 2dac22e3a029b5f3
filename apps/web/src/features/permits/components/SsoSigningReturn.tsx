import { Alert, Group, Loader, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  isSignedPermitCommand,
  permitCommandCaptions,
  permitStatusCaptions,
  permitsMessages,
  signatureLabels,
  ssoSigningRefusalCodes,
  ssoSigningRefusalMessages,
  type Permit,
  type SsoSigningRefusalCode,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonIn } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { passLeaveGuard } from '../model/leave-guard';
import { usePermitCommand } from '../api/send-command';
import { takePendingSigning } from '../../../lib/sso-signing';

/**
 * The permit page came back from the identity provider (decision 0059): `?signing=` or
 * `?signingRefused=`. An (e)(3) removal's signing is its wizard's to send, not a permit command.
 */
export const isSigningReturn = (search: URLSearchParams): boolean =>
  (search.has('signing') || search.has('signingRefused')) && search.get('signingVerb') !== 'abandoned-removal';

const refusalOf = (code: string | null): string | null =>
  code === null
    ? null
    : ssoSigningRefusalMessages[
        (ssoSigningRefusalCodes as readonly string[]).includes(code) ? (code as SsoSigningRefusalCode) : 'failed'
      ];

/**
 * Back on the permit from signing in again at the identity provider: the token leaves the address
 * at once (it works once), and the approve command is given with it, as the password dialog gives
 * it with a password. The signature then shows in the Approvals section; a refusal shows here, as
 * the server words it.
 */
export function SsoSigningReturn({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const [params, setParams] = useSearchParams();
  const command = usePermitCommand(permit.ID);
  // Read once, on the first render: the address loses the code right after.
  const [refused] = useState(() => refusalOf(params.get('signingRefused')));
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || !isSigningReturn(params)) return;
    handled.current = true;
    const token = params.get('signing');
    // The verb signed (absent: an approval), and the fields it was given before the identity provider.
    const signedVerb = params.get('signingVerb') ?? 'approve';
    const verb = isSignedPermitCommand(signedVerb) ? signedVerb : 'approve';
    const fields = takePendingSigning(permit.ID);
    setParams(
      (current) => {
        current.delete('signing');
        current.delete('signingVerb');
        current.delete('signingRefused');
        return current;
      },
      { replace: true, state: { ...passLeaveGuard, skipLoader: true } },
    );
    if (!token) return;
    command.mutate(
      { verb, body: { ...fields, signingIntent: token }, version: permit.version, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (updated) =>
          showToast({
            title: updated.number,
            message: t(permitsMessages.commandDone, {
              command: t(permitCommandCaptions[verb]),
              status: t(permitStatusCaptions[updated.status]),
            }),
            tone: 'success',
          }),
      },
    );
  }, [params, setParams, command, permit, t]);

  if (command.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t(signatureLabels.ssoSigning)}</Text>
      </Group>
    );
  }
  const problem = refused ?? (command.isError ? reasonIn(command.error, t) : null);
  if (!problem) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={t(signatureLabels.ssoSigningFailed)}>
      {problem}
    </Alert>
  );
}
