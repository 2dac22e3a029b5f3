import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { connectButtons as B, connectLabels as L } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import cards from '../../../components/RecordCards.module.css';
import classes from '../Connect.module.css';

/** A key or signing secret, shown this once (the server keeps only its hash, or never shows it again). */
export function SecretShownOnce({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: string | null;
  onClose: () => void;
}) {
  const t = useCaptions();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t(B.close) }}>
      <Stack gap="md">
        <Text>{t(L.shownOnce)}</Text>
        <Code block className={classes.secret} data-testid="secret-shown-once">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} aria-live="polite" className={cards.touch}>
                {t(copied ? B.copied : B.copy)}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} className={cards.touch}>
            {t(B.done)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
