import { useReducer, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Group, Loader, Modal, Progress, Stack, Text, Textarea } from '@mantine/core';
import {
  attachmentsButtons as B,
  attachmentsLabels as L,
  type Attachment,
  type Caption,
  type Permit,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import {
  attachmentKeys,
  downloadAttachment,
  uploadAttachment,
  usePermitAttachments,
  useRemoveAttachment,
  useThumbnail,
} from '../api/attachments-api';
import { formatBytes, uploadsReducer, type PendingUpload } from '../model/uploads';
import classes from './Attachments.module.css';

const when = (at: string) => formatDateTime(at);

/** A file input dressed as a button (label + visually hidden input: the picker keeps its keyboard focus). */
function FilePicker(props: {
  label: Caption;
  accept: string;
  capture?: 'environment';
  secondary?: boolean;
  disabled: boolean;
  onPick: (files: File[]) => void;
}) {
  const t = useCaptions();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    props.onPick(Array.from(event.target.files ?? []));
    // The same file can be picked again (a retry after dismissing it).
    event.target.value = '';
  };
  return (
    <label
      className={`${classes.picker} ${props.secondary ? classes.secondary : ''}`}
      data-disabled={props.disabled || undefined}
    >
      {t(props.label)}
      <input
        type="file"
        className={classes.input}
        accept={props.accept}
        {...(props.capture ? { capture: props.capture } : { multiple: true })}
        disabled={props.disabled}
        onChange={pick}
      />
    </label>
  );
}

function Thumbnail({ permitId, attachment }: { permitId: number; attachment: Attachment }) {
  const t = useCaptions();
  const thumbnail = useThumbnail(permitId, attachment);
  if (!attachment.hasThumbnail) {
    return (
      <div className={classes.thumb} role="img" aria-label={t(L.document, { name: attachment.displayName })}>
        <Icon name="file" size={48} />
      </div>
    );
  }
  return (
    <div className={classes.thumb}>
      {thumbnail.data ? (
        <img src={thumbnail.data} alt={t(L.thumbnail, { name: attachment.displayName })} />
      ) : (
        <Loader size="sm" aria-label={t(L.loading)} />
      )}
    </div>
  );
}

function AttachmentCard(props: { permitId: number; attachment: Attachment; onRemove: (a: Attachment) => void }) {
  const t = useCaptions();
  const { attachment } = props;
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    void downloadAttachment(props.permitId, attachment)
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      data-testid="attachment-card"
      className={attachment.removed ? classes.removed : undefined}
    >
      <Stack gap="xs">
        <Thumbnail permitId={props.permitId} attachment={attachment} />
        <Text className={classes.name}>{attachment.displayName}</Text>
        <Text size="sm" c="dimmed">
          {formatBytes(attachment.byteSize)} ·{' '}
          {t(L.attachedBy, { name: attachment.attachedBy.displayName, at: when(attachment.attachedAt) })}
        </Text>
        {attachment.removed && (
          <Text size="sm" c="red.8">
            {t(L.removedBy, {
              name: attachment.removed.by.displayName,
              at: when(attachment.removed.at),
              reason: attachment.removed.reason,
            })}
          </Text>
        )}
        <Group gap="xs">
          <Button
            variant="default"
            className={classes.action}
            loading={downloading}
            onClick={download}
            aria-label={t(L.downloadNamed, { name: attachment.displayName })}
          >
            {t(B.download)}
          </Button>
          {attachment.canRemove && (
            <Button
              variant="light"
              color="red"
              className={classes.action}
              onClick={() => props.onRemove(attachment)}
              aria-label={t(L.removeNamed, { name: attachment.displayName })}
            >
              {t(B.remove)}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function PendingRow(props: { upload: PendingUpload; onRetry: () => void; onDismiss: () => void }) {
  const t = useCaptions();
  const { upload } = props;
  if (upload.error) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="upload-failed">
        <Stack gap="xs">
          <Text size="sm">{t(L.uploadFailed, { name: upload.file.name, reason: upload.error })}</Text>
          <Group gap="xs">
            <Button className={classes.action} onClick={props.onRetry}>
              {t(B.retry)}
            </Button>
            <Button variant="default" className={classes.action} onClick={props.onDismiss}>
              {t(B.dismiss)}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const label = t(L.uploading, { name: upload.file.name });
  return (
    <Stack gap={4} data-testid="upload-progress">
      <Text size="sm">{label}</Text>
      <Progress value={Math.round(upload.progress * 100)} aria-label={label} animated />
    </Stack>
  );
}

/** The permit page's Attachments tab: photos (straight from the camera too) and documents, on every permit. */
export function AttachmentsSection({ permit }: { permit: Permit }) {
  const t = useCaptions();
  const client = useQueryClient();
  const list = usePermitAttachments(permit.ID);
  const remove = useRemoveAttachment(permit.ID);
  const [uploads, dispatch] = useReducer(uploadsReducer, []);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [reason, setReason] = useState('');

  const send = (upload: Pick<PendingUpload, 'key' | 'file'>) => {
    uploadAttachment(permit.ID, upload, (progress) => dispatch({ type: 'progress', key: upload.key, progress }))
      .then(async () => {
        await client.invalidateQueries({ queryKey: attachmentKeys.permit(permit.ID) });
        dispatch({ type: 'done', key: upload.key });
      })
      .catch((error: unknown) => dispatch({ type: 'failed', key: upload.key, error: reasonOf(error) }));
  };
  const pick = (files: File[]) => {
    for (const file of files) {
      const upload = { key: crypto.randomUUID(), file };
      dispatch({ type: 'picked', ...upload });
      send(upload);
    }
  };
  const retry = (upload: PendingUpload) => {
    dispatch({ type: 'retry', key: upload.key });
    send(upload);
  };
  const confirmRemove = () => {
    if (!removing || !reason.trim()) return;
    remove.mutate(
      { attachment: removing, reason: reason.trim() },
      {
        onSuccess: () => {
          setRemoving(null);
          setReason('');
        },
      },
    );
  };

  if (list.isPending) return <Loader aria-label={t(L.loading)} />;
  if (list.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.loadFailed)}
      </Alert>
    );
  const { attachments, maxBytes, canAttach } = list.data;
  const current = attachments.filter((a) => !a.removed);
  const removed = attachments.filter((a) => a.removed);
  const onRemove = (a: Attachment) => {
    remove.reset();
    setReason('');
    setRemoving(a);
  };
  return (
    <Stack gap="md">
      {canAttach ? (
        <Stack gap="xs">
          <div className={classes.pickers}>
            <FilePicker label={B.takePhoto} accept="image/*" capture="environment" disabled={false} onPick={pick} />
            <FilePicker
              label={B.chooseFile}
              accept="image/jpeg,image/png,image/webp,application/pdf"
              secondary
              disabled={false}
              onPick={pick}
            />
          </div>
          <Text size="sm" c="dimmed">
            {t(L.limit, { size: formatBytes(maxBytes) })}
          </Text>
        </Stack>
      ) : (
        <Alert color="gray" variant="light">
          {t(L.closed)}
        </Alert>
      )}
      {uploads.length > 0 && (
        <Stack gap="sm" aria-live="polite">
          {uploads.map((upload) => (
            <PendingRow
              key={upload.key}
              upload={upload}
              onRetry={() => retry(upload)}
              onDismiss={() => dispatch({ type: 'dismiss', key: upload.key })}
            />
          ))}
        </Stack>
      )}
      {current.length === 0 && uploads.length === 0 ? (
        <Text c="dimmed">{t(L.none)}</Text>
      ) : (
        <ul className={classes.grid} aria-label={t(L.listTitle)}>
          {current.map((a) => (
            <AttachmentCard key={a.ID} permitId={permit.ID} attachment={a} onRemove={onRemove} />
          ))}
        </ul>
      )}
      {removed.length > 0 && (
        <details>
          <summary className={classes.summary}>{t(L.removedTitle, { count: removed.length })}</summary>
          <ul className={classes.grid} style={{ marginTop: '0.5rem' }}>
            {removed.map((a) => (
              <AttachmentCard key={a.ID} permitId={permit.ID} attachment={a} onRemove={onRemove} />
            ))}
          </ul>
        </details>
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? t(L.removeTitle, { name: removing.displayName }) : ''}
      >
        <Stack>
          <Text size="sm">{t(L.askRemove)}</Text>
          <Textarea
            label={t(L.reason)}
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          {remove.isError && (
            <Alert color="red" variant="light" role="alert">
              {reasonOf(remove.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" className={classes.action} onClick={() => setRemoving(null)}>
              {t(B.cancel)}
            </Button>
            <Button
              color="red"
              className={classes.action}
              disabled={!reason.trim()}
              loading={remove.isPending}
              onClick={confirmRemove}
            >
              {t(B.confirmRemove)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
