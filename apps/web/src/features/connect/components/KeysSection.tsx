import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { connectButtons as B, connectLabels as L, connectMessages as M, type ApiKey } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { problemAtNoField, reasonOf, refusedFieldsOf } from '../../../lib/send-form';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormDialog } from '../../../components/FormDialog';
import { useApiKeys, useCreateApiKey, useKeyPermissions, useRevokeApiKey, useRotateApiKey } from '../api/connect-api';
import { RecordSection } from './RecordSection';
import { SecretShownOnce } from './SecretShownOnce';
import classes from '../../../components/RecordCards.module.css';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function NewKeyModal({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const t = useCaptions();
  const catalogue = useKeyPermissions(true);
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<string[]>([]);
  const [expires, setExpires] = useState(inDays(90));
  const refused = refusedFieldsOf(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, permissions: permissions as never, expiresAt: new Date(`${expires}T23:59:59`).toISOString() },
      { onSuccess: (answer) => onCreated(answer.secret) },
    );
  };
  return (
    <FormDialog
      title={t(B.newKey)}
      onClose={onClose}
      onSubmit={submit}
      closeLabel={t(B.close)}
      cancelLabel={t(B.cancel)}
      submitLabel={t(B.create)}
      submitting={create.isPending}
      problem={problemAtNoField(create.error)}
    >
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
    </FormDialog>
  );
}

function KeyCard({ apiKey, onSecret }: { apiKey: ApiKey; onSecret: (secret: string) => void }) {
  const t = useCaptions();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const status = { active: t(L.active), expired: t(L.expired), revoked: t(L.revoked) }[apiKey.status];
  const action = confirming === 'rotate' ? rotate : revoke;
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
          <Button variant="default" className={classes.touch} onClick={() => setConfirming('rotate')}>
            {t(B.rotate)}
          </Button>
          <Button color="red.8" className={classes.touch} onClick={() => setConfirming('revoke')}>
            {t(B.revoke)}
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title={`${t(confirming === 'rotate' ? B.rotate : B.revoke)}: ${apiKey.name}`}
          message={t(confirming === 'rotate' ? M.rotateConfirm : M.revokeConfirm, { name: apiKey.name })}
          confirmLabel={t(confirming === 'rotate' ? B.rotate : B.revoke)}
          cancelLabel={t(B.cancel)}
          closeLabel={t(B.close)}
          danger={confirming === 'revoke'}
          pending={action.isPending}
          problem={action.isError ? reasonOf(action.error) : null}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            confirming === 'rotate'
              ? rotate.mutate(apiKey, {
                  onSuccess: (answer) => {
                    setConfirming(null);
                    onSecret(answer.secret);
                  },
                })
              : revoke.mutate(apiKey, { onSuccess: () => setConfirming(null) })
          }
        />
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
      <RecordSection
        newLabel={t(B.newKey)}
        onNew={() => setCreating(true)}
        failed={keys.isError ? t(M.loadFailed) : null}
        empty={keys.data?.length === 0 ? t(L.noKeys) : null}
        listLabel={t(L.keys)}
      >
        {keys.data?.map((k) => (
          <KeyCard key={k.id} apiKey={k} onSecret={setSecret} />
        ))}
      </RecordSection>
      {creating && (
        <NewKeyModal
          onClose={() => setCreating(false)}
          onCreated={(value) => {
            setCreating(false);
            setSecret(value);
          }}
        />
      )}
      <SecretShownOnce title={t(L.newKeyValue)} secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
