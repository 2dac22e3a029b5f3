import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  announcementManagerButtons,
  announcementManagerLabels,
  announcementManagerMessages,
  announcementManagerTitles,
  type Announcement,
  type AnnouncementGroup,
} from '@hasp/contracts';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSaveAnnouncement } from '../api/save-announcement';
import { fieldErrorsOf } from '../../../lib/send-form';
import {
  emptyFormValues,
  formValuesOf,
  inputFromForm,
  type AnnouncementFormValues,
  type FormField,
  type FormProblems,
} from '../form-values';
import classes from './Manager.module.css';

interface AnnouncementFormProps {
  /** The announcement to edit; null for a new one. */
  announcement: Announcement | null;
  groups: AnnouncementGroup[] | undefined;
  online: boolean;
  onDone: () => void;
}

/**
 * Writes or edits an announcement. What the user typed stays in the form until it is saved: a
 * refused save shows each problem at its field and keeps every word.
 */
export function AnnouncementForm({ announcement, groups, online, onDone }: AnnouncementFormProps) {
  const t = useCaptions();
  const save = useSaveAnnouncement();
  const [values, setValues] = useState<AnnouncementFormValues>(() =>
    announcement ? formValuesOf(announcement) : emptyFormValues(),
  );
  const [problems, setProblems] = useState<FormProblems>({});
  const [failed, setFailed] = useState(false);
  const l = announcementManagerLabels;
  const b = announcementManagerButtons;

  const set = <K extends keyof AnnouncementFormValues>(key: K, value: AnnouncementFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  };
  const problem = (field: FormField): string | undefined => {
    const p = problems[field];
    if (!p) return undefined;
    return 'key' in p ? t(announcementManagerMessages[p.key]) : p.text;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = inputFromForm(values);
    if (!result.ok) {
      setProblems(result.problems);
      setFailed(true);
      return;
    }
    setProblems({});
    setFailed(false);
    save.mutate(
      { id: announcement?.ID ?? null, input: result.input },
      {
        onSuccess: (saved) => {
          showToast({ title: saved.title, message: t(announcementManagerMessages.saved), tone: 'success' });
          onDone();
        },
        onError: (error) => {
          const fromServer: FormProblems = {};
          for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
            if (message) fromServer[field as FormField] = { text: message };
          }
          setProblems(fromServer);
          setFailed(true);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={classes.form} aria-labelledby="announcement-form-title">
      <h2 id="announcement-form-title" className={classes.formTitle}>
        {t(announcement ? announcementManagerTitles.edit : announcementManagerTitles.create)}
      </h2>
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t(announcementManagerMessages.saveFailed)}
        </Alert>
      )}
      <TextInput
        label={t(l.title)}
        required
        value={values.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={problem('title')}
        maxLength={200}
      />
      <RichTextEditor
        label={t(l.body)}
        required
        value={values.bodyHtml}
        onChange={(html) => set('bodyHtml', html)}
        error={problem('bodyHtml')}
      />
      <div className={classes.dates}>
        <TextInput
          type="datetime-local"
          label={t(l.validFrom)}
          required
          value={values.validFrom}
          onChange={(event) => set('validFrom', event.currentTarget.value)}
          error={problem('validFrom')}
        />
        <TextInput
          type="datetime-local"
          label={t(l.validTo)}
          description={t(l.validToHint)}
          value={values.validTo}
          onChange={(event) => set('validTo', event.currentTarget.value)}
          error={problem('validTo')}
        />
      </div>
      <Radio.Group
        label={t(l.audience)}
        value={values.audience}
        onChange={(value) => set('audience', value === 'groups' ? 'groups' : 'everyone')}
        error={values.audience === 'everyone' ? problem('audienceGroupIDs') : undefined}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="everyone" label={t(l.audienceEveryone)} />
          <Radio value="groups" label={t(l.audienceGroups)} />
        </Stack>
      </Radio.Group>
      {values.audience === 'groups' && (
        <Checkbox.Group
          label={t(l.groups)}
          value={values.groupIDs.map(String)}
          onChange={(ids) => set('groupIDs', ids.map(Number))}
          error={problem('audienceGroupIDs')}
          className={classes.groups}
        >
          <Stack gap="xs" mt="xs">
            {(groups ?? []).map((group) => (
              <Checkbox key={group.ID} value={String(group.ID)} label={group.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      <Switch
        label={t(l.requiresAcknowledgement)}
        description={t(l.requiresAcknowledgementHint)}
        checked={values.requiresAcknowledgement}
        onChange={(event) => set('requiresAcknowledgement', event.currentTarget.checked)}
      />
      {!online && <Text className={classes.offline}>{t(announcementManagerMessages.offline)}</Text>}
      <Group gap="sm">
        <Button type="submit" loading={save.isPending} disabled={!online}>
          {t(b.save)}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t(b.cancel)}
        </Button>
      </Group>
    </form>
  );
}
