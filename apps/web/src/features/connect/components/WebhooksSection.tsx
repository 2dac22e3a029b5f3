import { useState, type FormEvent } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  connectButtons as B,
  connectLabels as L,
  connectMessages as M,
  webhookEvents,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookSubscription,
} from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { useCaptions } from '../../../lib/i18n';
import { problemAtNoField, refusedFieldsOf } from '../../../lib/send-form';
import { FormDialog } from '../../../components/FormDialog';
import { showToast } from '../../../lib/toast';
import {
  useCreateSubscription,
  useDeliveries,
  useRedeliver,
  useSendTestEvent,
  useSubscriptions,
  useSwitchSubscription,
} from '../api/connect-api';
import { RecordSection } from './RecordSection';
import { SecretShownOnce } from './SecretShownOnce';
import classes from '../../../components/RecordCards.module.css';

function NewSubscriptionModal({ onClose, onCreated }: { onClose: () => void; onCreated: (secret: string) => void }) {
  const t = useCaptions();
  const create = useCreateSubscription();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('https://');
  const [events, setEvents] = useState<string[]>([...webhookEvents]);
  const refused = refusedFieldsOf(create.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, url, events: events as WebhookEvent[], isActive: true },
      { onSuccess: (answer) => onCreated(answer.secret) },
    );
  };
  return (
    <FormDialog
      title={t(B.newSubscription)}
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
      <TextInput
        type="url"
        label={t(L.url)}
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={refused.url}
        required
      />
      <Checkbox.Group label={t(L.events)} value={events} onChange={setEvents} error={refused.events}>
        <Stack gap="xs" mt="xs">
          {webhookEvents.map((event) => (
            <Checkbox key={event} value={event} label={event} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}

function SubscriptionCard({ subscription }: { subscription: WebhookSubscription }) {
  const t = useCaptions();
  const test = useSendTestEvent();
  const toggle = useSwitchSubscription();
  return (
    <li className={classes.card} aria-label={subscription.name}>
      <Group justify="space-between" wrap="nowrap">
        <span className={classes.name}>{subscription.name}</span>
        <Badge color={subscription.isActive ? '#1b5e20' : '#495057'}>{t(subscription.isActive ? L.on : L.off)}</Badge>
      </Group>
      <span className={classes.muted}>{subscription.url}</span>
      <span className={classes.muted}>{subscription.events.join(', ')}</span>
      {subscription.consecutiveFailures > 0 && (
        <span className={classes.failed}>{t(L.failures, { count: subscription.consecutiveFailures })}</span>
      )}
      {subscription.disabledReason && (
        <span className={classes.failed}>{t(L.disabledReason, { reason: subscription.disabledReason })}</span>
      )}
      <div className={classes.actions}>
        {subscription.isActive && (
          <Button
            className={classes.touch}
            loading={test.isPending}
            onClick={() =>
              test.mutate(subscription, {
                onSuccess: () => showToast({ title: t(B.sendTest), message: t(M.testSent) }),
              })
            }
          >
            {t(B.sendTest)}
          </Button>
        )}
        <Button
          variant="default"
          className={classes.touch}
          loading={toggle.isPending}
          onClick={() => toggle.mutate({ subscription, isActive: !subscription.isActive })}
        >
          {t(subscription.isActive ? B.switchOff : B.switchOn)}
        </Button>
      </div>
    </li>
  );
}

/** The facility's webhook subscriptions: add one (its signing secret shown once), test, switch on or off. */
export function SubscriptionsSection() {
  const t = useCaptions();
  const subscriptions = useSubscriptions();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const allowed = subscriptions.data?.allowedPrivateTargets;
  return (
    <>
      <RecordSection
        newLabel={t(B.newSubscription)}
        onNew={() => setCreating(true)}
        notice={
          allowed === undefined
            ? undefined
            : allowed.length > 0
              ? t(L.privateAllowed, { targets: allowed.join(', ') })
              : t(L.privateRefused)
        }
        failed={subscriptions.isError ? t(M.loadFailed) : null}
        empty={subscriptions.data?.subscriptions.length === 0 ? t(L.noSubscriptions) : null}
        listLabel={t(L.subscriptions)}
      >
        {subscriptions.data?.subscriptions.map((s) => (
          <SubscriptionCard key={s.id} subscription={s} />
        ))}
      </RecordSection>
      {creating && (
        <NewSubscriptionModal
          onClose={() => setCreating(false)}
          onCreated={(value) => {
            setCreating(false);
            setSecret(value);
          }}
        />
      )}
      <SecretShownOnce title={t(L.secretValue)} secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}

function DeliveryCard({ delivery }: { delivery: WebhookDelivery }) {
  const t = useCaptions();
  const redeliver = useRedeliver();
  const state = { pending: t(L.pending), delivered: t(L.delivered), failed: t(L.failed) }[delivery.state];
  return (
    <li className={classes.card} aria-label={`${delivery.event} ${delivery.subscriptionName} ${delivery.id}`}>
      <Group justify="space-between" wrap="nowrap">
        <span className={classes.name}>{delivery.event}</span>
        <Badge color={{ pending: '#7a4a00', delivered: '#1b5e20', failed: '#a51d1d' }[delivery.state]} role="status">
          {state}
        </Badge>
      </Group>
      <span className={classes.muted}>
        {delivery.subscriptionName} · {formatDateTime(delivery.createdAt)} ·{' '}
        {t(L.attempts, { count: delivery.attempts })}
      </span>
      <ol className={classes.muted}>
        {delivery.attemptLog.map((a, i) => (
          <li key={i}>
            {t(L.attempt, {
              at: formatDateTime(a.at),
              status: a.statusCode === null ? `${t(L.noAnswer)} (${a.error ?? ''})` : String(a.statusCode),
              ms: a.durationMs,
            })}
            {a.response ? ` — ${a.response.slice(0, 200)}` : ''}
          </li>
        ))}
      </ol>
      <div className={classes.actions}>
        <Button
          variant="default"
          className={classes.touch}
          loading={redeliver.isPending}
          onClick={() =>
            redeliver.mutate(delivery, {
              onSuccess: () => showToast({ title: t(B.redeliver), message: t(M.redelivered) }),
            })
          }
        >
          {t(B.redeliver)}
        </Button>
      </div>
    </li>
  );
}

/** The delivery log, newest first: each delivery's state and every attempt's answer. */
export function DeliveryLog() {
  const t = useCaptions();
  const deliveries = useDeliveries();
  return (
    <>
      <div>
        <Button variant="subtle" className={classes.touch} onClick={() => void deliveries.refetch()}>
          {t(B.refresh)}
        </Button>
      </div>
      {deliveries.data?.deliveries.length === 0 && <Text className={classes.muted}>{t(L.noDeliveries)}</Text>}
      <ul className={classes.list} aria-label={t(L.deliveries)}>
        {deliveries.data?.deliveries.map((d) => (
          <DeliveryCard key={d.id} delivery={d} />
        ))}
      </ul>
    </>
  );
}
