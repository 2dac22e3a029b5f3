import { Button, Center, Loader, Modal, Table, Text } from '@mantine/core';
import {
  announcementManagerButtons,
  announcementManagerLabels,
  announcementManagerMessages,
  announcementManagerTitles,
  type Announcement,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useAcknowledgements } from '../api/get-acknowledgements';
import { formatDateTime } from '../format-date';

interface AcknowledgementsDialogProps {
  announcement: Announcement | null;
  onClose: () => void;
}

/** Who acknowledged an announcement, and when. */
export function AcknowledgementsDialog({ announcement, onClose }: AcknowledgementsDialogProps) {
  const t = useCaptions();
  const acks = useAcknowledgements(announcement?.ID ?? null);
  const l = announcementManagerLabels;
  let content: React.ReactNode;
  if (!announcement) content = null;
  else if (!announcement.requiresAcknowledgement) content = <Text>{t(announcementManagerMessages.notRequired)}</Text>;
  else if (acks.isPending)
    content = (
      <Center py="md">
        <Loader aria-label={t(announcementManagerTitles.acknowledgements)} />
      </Center>
    );
  else if (acks.isError)
    content = (
      <Button variant="default" onClick={() => void acks.refetch()}>
        {t(announcementManagerButtons.retry)}
      </Button>
    );
  else if (acks.data.length === 0) content = <Text>{t(announcementManagerMessages.noAcknowledgements)}</Text>;
  else
    content = (
      <Table.ScrollContainer minWidth={320}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t(l.columnName)}</Table.Th>
              <Table.Th scope="col">{t(l.columnUserName)}</Table.Th>
              <Table.Th scope="col">{t(l.columnAcknowledgedAt)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {acks.data.map((ack) => (
              <Table.Tr key={ack.user.ID}>
                <Table.Td>{ack.user.displayName}</Table.Td>
                <Table.Td>{ack.user.userName}</Table.Td>
                <Table.Td>
                  <time dateTime={ack.acknowledgedAt}>{formatDateTime(ack.acknowledgedAt)}</time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Modal
      opened={announcement !== null}
      onClose={onClose}
      title={t(announcementManagerTitles.acknowledgements)}
      size="lg"
      zIndex={400}
      closeButtonProps={{ 'aria-label': t(announcementManagerButtons.close) }}
    >
      {announcement && (
        <Text fw={600} mb="sm">
          {announcement.title}
        </Text>
      )}
      {content}
    </Modal>
  );
}
