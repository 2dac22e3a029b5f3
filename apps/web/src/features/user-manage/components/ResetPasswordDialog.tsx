import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { userManageButtons, userManageMessages, userManageTitles, type ManagedUser } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useResetUserPassword } from '../api/user-actions';
import classes from '../UserManage.module.css';

interface ResetPasswordDialogProps {
  user: ManagedUser | null;
  onClose: () => void;
}

/**
 * Confirms a password reset, then shows the one-time password once, with a copy button. Closing
 * forgets it: the server keeps only its hash.
 */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const t = useCaptions();
  const reset = useResetUserPassword();
  const name = user?.displayName ?? '';
  const oneTimePassword = reset.data?.oneTimePassword ?? null;
  const close = () => {
    reset.reset();
    onClose();
  };
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      centered
      title={t(oneTimePassword ? userManageTitles.oneTimePassword : userManageTitles.resetPassword, { name })}
      closeButtonProps={{ 'aria-label': t(userManageButtons.close) }}
    >
      {oneTimePassword ? (
        <Stack gap="md">
          <Text>{t(userManageMessages.oneTimePasswordOnce)}</Text>
          <Code block className={classes.password} data-testid="one-time-password">
            {oneTimePassword}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={oneTimePassword}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} aria-live="polite">
                  {t(copied ? userManageButtons.copied : userManageButtons.copy)}
                </Button>
              )}
            </CopyButton>
            <Button onClick={close}>{t(userManageButtons.close)}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t(userManageMessages.resetExplained)}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t(userManageButtons.cancel)}
            </Button>
            <Button color="red.8" loading={reset.isPending} onClick={() => user && reset.mutate(user.ID)}>
              {t(userManageButtons.resetPassword)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
