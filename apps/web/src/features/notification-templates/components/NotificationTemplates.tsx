import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  Loader,
  MultiSelect,
  NativeSelect,
  Select,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  notificationEventCaptions,
  notificationRelationshipCaptions,
  notificationTemplateButtons,
  notificationTemplateLabels,
  notificationTemplateMessages,
  notificationTemplateTitles,
  notificationVariables,
  type NotificationEvent,
  type NotificationTemplate,
  type NotificationTemplateInput,
  type NotificationTemplateList,
} from '@hasp/contracts';
import { SaveBar } from '../../../components/SaveBar';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf, reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import {
  useNotificationPreview,
  useNotificationTemplates,
  useRecentPermits,
  useSaveNotificationTemplate,
} from '../api/notification-templates-api';
import classes from '../NotificationTemplates.module.css';
import columns from '../../../components/SettingsColumns.module.css';

const l = notificationTemplateLabels;
const b = notificationTemplateButtons;
const m = notificationTemplateMessages;

const inputOf = (template: NotificationTemplate): NotificationTemplateInput => ({
  channels: [...template.channels],
  recipients: [...template.recipients],
  groupIds: [...template.groupIds],
  texts: template.texts.map((text) => ({ ...text })),
});

/** Notification Template Manage: pick an event, edit its template, see it rendered with a real permit, save. */
export function NotificationTemplates() {
  const t = useCaptions();
  const templates = useNotificationTemplates();
  const [event, setEvent] = useState<NotificationEvent>('permit.request');
  if (templates.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(notificationTemplateTitles.manage)} />
      </Center>
    );
  }
  if (templates.isError) {
    return (
      <Alert color="red" variant="light" title={t(m.loadFailed)}>
        <Button variant="default" mt="xs" onClick={() => void templates.refetch()}>
          {t(b.retry)}
        </Button>
      </Alert>
    );
  }
  const template = templates.data.templates.find((candidate) => candidate.event === event)!;
  return (
    <>
      <NativeSelect
        label={t(l.event)}
        mb="md"
        value={event}
        data={templates.data.templates.map((candidate) => ({
          value: candidate.event,
          label: t(notificationEventCaptions[candidate.event]),
        }))}
        onChange={(change) => setEvent(change.currentTarget.value as NotificationEvent)}
      />
      <TemplateForm key={`${template.event}:${template.version}`} template={template} list={templates.data} />
    </>
  );
}

function TemplateForm({ template, list }: { template: NotificationTemplate; list: NotificationTemplateList }) {
  const t = useCaptions();
  const save = useSaveNotificationTemplate();
  const [draft, setDraft] = useState<NotificationTemplateInput>(() => inputOf(template));
  const [language, setLanguage] = useState('en');
  const dirty = JSON.stringify(draft) !== JSON.stringify(inputOf(template));
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  const set = (change: Partial<NotificationTemplateInput>) => setDraft((current) => ({ ...current, ...change }));
  const english = draft.texts.find((text) => text.language === 'en')!;
  const own = draft.texts.find((text) => text.language === language);
  const shownText = own ?? english;
  const setText = (change: { subject?: string; body?: string }) =>
    set({ texts: draft.texts.map((text) => (text.language === language ? { ...text, ...change } : text)) });
  const toggle = <T extends string>(values: T[], value: T, on: boolean) =>
    on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);

  return (
    <div className={columns.withPreview}>
      <form
        noValidate
        onSubmit={(submit) => {
          submit.preventDefault();
          save.mutate(
            { event: template.event, input: draft, version: template.version },
            {
              onSuccess: () =>
                showToast({ title: t(notificationTemplateTitles.manage), message: t(m.saved), tone: 'success' }),
            },
          );
        }}
      >
        {template.safetyCritical && (
          <Badge color="red" variant="light" mb="sm">
            {t(l.safetyCritical)}
          </Badge>
        )}
        <Checkbox.Group label={t(l.channels)} value={draft.channels} error={errors.channels}>
          <Checkbox
            mt="xs"
            value="inApp"
            label={t(l.inApp)}
            onChange={(change) => set({ channels: toggle(draft.channels, 'inApp', change.currentTarget.checked) })}
          />
          <Checkbox
            mt="xs"
            value="email"
            label={t(l.email)}
            onChange={(change) => set({ channels: toggle(draft.channels, 'email', change.currentTarget.checked) })}
          />
        </Checkbox.Group>
        {!list.emailEnabled && draft.channels.includes('email') && (
          <Text size="sm" c="dimmed" mt="xs">
            {t(l.emailOff)}
          </Text>
        )}
        <Checkbox.Group mt="md" label={t(l.recipients)} value={draft.recipients} error={errors.recipients}>
          {template.relationships.map((relationship) => (
            <Checkbox
              key={relationship}
              mt="xs"
              value={relationship}
              label={t(notificationRelationshipCaptions[relationship])}
              onChange={(change) =>
                set({ recipients: toggle(draft.recipients, relationship, change.currentTarget.checked) })
              }
            />
          ))}
        </Checkbox.Group>
        <MultiSelect
          mt="md"
          label={t(l.groups)}
          value={draft.groupIds.map(String)}
          error={errors.groupIds}
          data={list.groups.map((group) => ({ value: String(group.ID), label: group.name }))}
          onChange={(ids) => set({ groupIds: ids.map(Number) })}
          searchable
        />
        <NativeSelect
          mt="md"
          label={t(l.language)}
          value={language}
          data={list.languages.map((candidate) => ({ value: candidate.code, label: candidate.name }))}
          onChange={(change) => setLanguage(change.currentTarget.value)}
        />
        {!own && (
          <Alert variant="light" mt="xs">
            {t(l.fallback)}
            <Button
              variant="default"
              size="xs"
              ml="sm"
              onClick={() => set({ texts: [...draft.texts, { ...english, language }] })}
            >
              {t(b.addLanguage)}
            </Button>
          </Alert>
        )}
        <TextInput
          mt="sm"
          label={t(l.subject)}
          required
          disabled={!own}
          value={shownText.subject}
          error={errors.texts}
          onChange={(change) => setText({ subject: change.currentTarget.value })}
        />
        <Textarea
          mt="sm"
          label={t(l.body)}
          required
          disabled={!own}
          autosize
          minRows={3}
          value={shownText.body}
          onChange={(change) => setText({ body: change.currentTarget.value })}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {t(l.variables, { list: notificationVariables.map((name) => `{{${name}}}`).join(' ') })}
        </Text>
        {own && language !== 'en' && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            mt="xs"
            onClick={() => set({ texts: draft.texts.filter((text) => text.language !== language) })}
          >
            {t(b.removeLanguage)}
          </Button>
        )}
        <SaveBar
          failure={save.isError ? t(m.saveFailed, { reason: reasonOf(save.error) }) : null}
          dirty={dirty}
          saving={save.isPending}
          canSave={dirty && draft.texts.every((text) => text.subject.trim() && text.body.trim())}
          labels={{ unsaved: t(l.unsaved), discard: t(b.discard), save: t(b.save) }}
          onDiscard={() => {
            save.reset();
            setDraft(inputOf(template));
          }}
        />
      </form>
      <Preview
        event={template.event}
        subject={shownText.subject}
        body={shownText.body}
        toAreaSupervisors={draft.recipients.includes('areaSupervisors')}
      />
    </div>
  );
}

/**
 * The draft rendered by the server with a permit the user picks: the inbox's words and the e-mail's
 * HTML, and (when the draft sends to them) who that permit's area supervisors are.
 */
function Preview({
  event,
  subject,
  body,
  toAreaSupervisors,
}: {
  event: NotificationEvent;
  subject: string;
  body: string;
  toAreaSupervisors: boolean;
}) {
  const t = useCaptions();
  const [search, setSearch] = useState('');
  const permits = useRecentPermits(search);
  const [permitId, setPermitId] = useState<number | null>(null);
  const [showHtml, setShowHtml] = useState(false);
  // The first permit until the user picks one: the preview shows real data at once.
  const chosen = permitId ?? permits.data?.rows[0]?.ID ?? null;
  const [shown, setShown] = useState({ subject, body });
  useEffect(() => {
    const timer = setTimeout(() => setShown({ subject, body }), 400);
    return () => clearTimeout(timer);
  }, [subject, body]);
  const ready = chosen !== null && shown.subject.trim() !== '' && shown.body.trim() !== '';
  const preview = useNotificationPreview(event, ready ? { permitId: chosen, ...shown } : null);
  const rows = permits.data?.rows ?? [];
  return (
    <section aria-labelledby="notification-preview-heading">
      <Title order={2} size="h4" mb="xs" id="notification-preview-heading">
        {t(notificationTemplateTitles.preview)}
      </Title>
      <Select
        label={t(l.permit)}
        placeholder={t(l.choosePermit)}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        value={chosen === null ? null : String(chosen)}
        data={rows.map((row) => ({ value: String(row.ID), label: `${row.number} ${row.title}` }))}
        onChange={(value) => setPermitId(value ? Number(value) : null)}
        mb="sm"
      />
      {preview.isError && (
        <Alert color="red" variant="light">
          {t(m.previewFailed, { reason: reasonOf(preview.error) })}
        </Alert>
      )}
      {preview.isFetching && (
        <Text size="sm" c="dimmed" role="status">
          {t(l.previewing)}
        </Text>
      )}
      {preview.data && (
        <div data-preview-ready>
          <Text size="sm" fw={500}>
            {t(l.previewSubject)}
          </Text>
          <p className={classes.previewText} data-testid="preview-subject">
            {preview.data.subject}
          </p>
          {toAreaSupervisors && (
            <Text size="sm" mt="xs" data-testid="preview-area-supervisors">
              {preview.data.areaSupervisors
                ? t(l.previewAreaSupervisors, {
                    area: preview.data.areaSupervisors.area,
                    people: preview.data.areaSupervisors.people.join(', '),
                  })
                : t(l.previewNoAreaSupervisors)}
            </Text>
          )}
          <Text size="sm" fw={500} mt="sm">
            {t(l.previewText)}
          </Text>
          <p className={classes.previewText} data-testid="preview-text">
            {preview.data.text}
          </p>
          {/* The e-mail's HTML on demand: a frame (an empty sandbox: it runs nothing; the server escaped every value). */}
          <Button
            variant="default"
            size="xs"
            mt="sm"
            onClick={() => setShowHtml((shown) => !shown)}
            aria-expanded={showHtml}
          >
            {t(l.previewHtml)}
          </Button>
          {showHtml && (
            <iframe className={classes.previewHtml} title={t(l.previewHtml)} sandbox="" srcDoc={preview.data.html} />
          )}
        </div>
      )}
    </section>
  );
}
