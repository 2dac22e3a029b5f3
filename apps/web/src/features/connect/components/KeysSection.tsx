import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { connectButtons as B, connectLabels as L, connectMessages as M, type ApiKey } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { refusedFieldsOf } from '../../../lib/send-form';
import { useApiKeys, useCreateApiKey, useKeyPermissions, useRevokeApiKey, useRotateApiKey } from '../api/connect-api';
import { SecretShownOnce } from './SecretShownOnce';
import classes from '../Connect.module.css';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function NewKeyModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const t = useCaptions();
  const catalogue = useKeyPermissions(opened);
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<string[]>([]);
  const [expires, setExpires] = useState(inDays(90));
  const refused = refusedFieldsOf(create.error);
  const submit = () =>
    create.mutate(
      { name, permissions: permissions as never, expiresAt: new Date(`${expires}T23:59:59`).toISOString() },
      {
        onSuccess: (answer) => {
          setName('');
          setPermissions([]);
          onCreated(answer.secret);
        },
      },
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t(B.newKey)} closeButtonProps={{ 'aria-label': t(B.close) }}>
      <Stack gap="sm">
        <TextInput
          label={t(L.name)}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={refused.name}
          required
        />
        <MultiSelect
          label={t(L.permissions)}
          data={(catalogue.data ?? []).map((p) => ({
            value: p.permission,
            label: p.group ? `${p.group} › ${p.label}` : p.label,
          }))}
          value={permissions}
          onChange={setPermissions}
          searchable
          error={refused.permissions}
          required
        />
        <TextInput
          type="date"
          label={t(L.expiresAt)}
          value={expires}
          onChange={(e) => setExpires(e.currentTarget.value)}
          error={refused.expiresAt}
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} className={classes.touch}>
            {t(B.cancel)}
          </Button>
          <Button onClick={submit} loading={create.isPending} className={classes.touch}>
            {t(B.create)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function KeyCard({ apiKey, onSecret }: { apiKey: ApiKey; onSecret: (secret: string) => void }) {
  const t = useCaptions();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const status = { active: t(L.active), expired: t(L.expired), revoked: t(L.revoked) }[apiKey.status];
  return (
    <li className={classes.card} aria-label={apiKey.name}>
      <Group justify="space-between" wrap="nowrap">
        <span className={classes.name}>{apiKey.name}</span>
        <Badge color={apiKey.status === 'active' ? '#1b5e20' : '#495057'}>{status}</Badge>
      </Group>
      <span className={classes.muted}>{apiKey.prefix}</span>
      <span className={classes.muted}>
        {t(L.permissionCount, { count: apiKey.permissions.length })}: {apiKey.permissions.join(', ')}
      </span>
      <span className={classes.muted}>{t(L.expires, { at: formatDateTime(apiKey.expiresAt) })}</span>
      <span className={classes.muted}>{t(L.createdBy, { name: apiKey.createdBy.displayName })}</span>
      <span className={classes.muted}>
        {apiKey.lastUsedAt
          ? t(L.lastUsed, { at: formatDateTime(apiKey.lastUsedAt), address: apiKey.lastUsedAddress ?? '' })
          : t(L.neverUsed)}
      </span>
      {apiKey.previousValidUntil && (
        <span className={classes.muted}>{t(L.graceUntil, { at: formatDateTime(apiKey.previousValidUntil) })}</span>
      )}
      {apiKey.status === 'active' && (
        <div className={classes.actions}>
          <Button
            variant="default"
            className={classes.touch}
            loading={rotate.isPending}
            onClick={() => {
              if (window.confirm(t(M.rotateConfirm, { name: apiKey.name })))
                rotate.mutate(apiKey, { onSuccess: (answer) => onSecret(answer.secret) });
            }}
          >
            {t(B.rotate)}
          </Button>
          <Button
            color="red.8"
            className={classes.touch}
            loading={revoke.isPending}
            onClick={() => {
              if (window.confirm(t(M.revokeConfirm, { name: apiKey.name }))) revoke.mutate(apiKey);
            }}
          >
            {t(B.revoke)}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The facility's API keys: create (the key shown once), rotate, revoke. */
export function KeysSection() {
  const t = useCaptions();
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      <div>
        <Button onClick={() => setCreating(true)} className={classes.touch}>
          {t(B.newKey)}
        </Button>
      </div>
      {keys.isError && <Alert color="red">{t(M.loadFailed)}</Alert>}
      {keys.data?.length === 0 && <Text className={classes.muted}>{t(L.noKeys)}</Text>}
      <ul className={classes.list} aria-label={t(L.keys)}>
        {keys.data?.map((k) => (
          <KeyCard key={k.id} apiKey={k} onSecret={setSecret} />
        ))}
      </ul>
      <NewKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret(value);
        }}
      />
      <SecretShownOnce title={t(L.newKeyValue)} secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
