import { useState } from 'react';
import { Alert, Button, Center, Loader, NativeSelect } from '@mantine/core';
import {
  printLayoutCaptions,
  printReportCaptions,
  tagReportButtons,
  tagReportLabels,
  tagReportMessages,
  tagReportTitles,
  tagTypeCaptions,
  type TagReportLinkRow,
  type TagReportLinks as Links,
} from '@hasp/contracts';
import { useCaptions, type Translate } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useTagReportLinks } from '../api/get-tag-report-links';
import { reasonOf } from '../../../lib/send-form';
import { useSaveTagReportLinks } from '../api/save-tag-report-links';
import { changedLinks, choicesFor, draftOf, isHalfLinked, type LinkDraft } from '../link-draft';
import cardGrid from '../../../components/CardGrid.module.css';
import classes from '../TagReportLinks.module.css';
import { SaveBar } from '../../../components/SaveBar';

/** The print layout and report of each tag type and permit type; saved together. */
export function TagReportLinks() {
  const t = useCaptions();
  const links = useTagReportLinks();
  if (links.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(tagReportTitles.childPage)} />
      </Center>
    );
  }
  if (links.isError) {
    return (
      <Alert color="red" variant="light" title={t(tagReportMessages.loadFailed)}>
        <Button variant="default" mt="xs" onClick={() => void links.refetch()}>
          {t(tagReportButtons.retry)}
        </Button>
      </Alert>
    );
  }
  const savedKey = JSON.stringify(links.data.links.map((l) => [l.subject, l.layoutKey, l.reportKey]));
  return <TagReportLinksForm key={savedKey} saved={links.data} />;
}

function subjectName(t: Translate, row: TagReportLinkRow): string {
  if (row.tagType) return t(tagTypeCaptions[row.tagType]);
  return row.permitType?.name ?? row.subject;
}

function TagReportLinksForm({ saved }: { saved: Links }) {
  const t = useCaptions();
  const save = useSaveTagReportLinks();
  const [draft, setDraft] = useState<Record<string, LinkDraft>>(() => draftOf(saved));
  const l = tagReportLabels;
  const changed = changedLinks(saved, draft);
  const hasProblem = Object.values(draft).some(isHalfLinked);
  const set = (subject: string, change: Partial<LinkDraft>) =>
    setDraft((current) => ({ ...current, [subject]: { ...current[subject]!, ...change } }));

  const sections = [
    { key: 'tags', title: t(tagReportTitles.tags), rows: saved.links.filter((r) => r.tagType !== null) },
    {
      key: 'permit-types',
      title: t(tagReportTitles.permitTypes),
      rows: saved.links.filter((r) => r.permitType !== null),
    },
  ];

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed.length || hasProblem) return;
        save.mutate(
          { links: changed },
          {
            onSuccess: () =>
              showToast({ title: t(tagReportTitles.childPage), message: t(tagReportMessages.saved), tone: 'success' }),
          },
        );
      }}
    >
      {sections.map((section) => (
        <section key={section.key} aria-labelledby={`tag-report-${section.key}`}>
          <h2 id={`tag-report-${section.key}`} className={cardGrid.heading}>
            {section.title}
          </h2>
          <div className={`${cardGrid.cards} ${classes.cards}`}>
            {section.rows.map((row) => {
              const choices = choicesFor(row);
              const current = draft[row.subject]!;
              const headingId = `tag-report-${row.subject.replace(':', '-')}`;
              return (
                <section
                  key={row.subject}
                  className={cardGrid.card}
                  aria-labelledby={headingId}
                  data-subject={row.subject}
                >
                  <h3 id={headingId} className={cardGrid.cardTitle}>
                    {subjectName(t, row)}
                    {row.permitType && <span className={cardGrid.code}>{row.permitType.code}</span>}
                  </h3>
                  <NativeSelect
                    label={t(l.layout)}
                    value={current.layoutKey ?? ''}
                    data={[
                      { value: '', label: t(l.notLinked) },
                      ...choices.layouts.map((key) => ({
                        value: key,
                        label: t(printLayoutCaptions[key]),
                      })),
                    ]}
                    onChange={(event) => set(row.subject, { layoutKey: event.currentTarget.value || null })}
                  />
                  <NativeSelect
                    mt="sm"
                    label={t(l.report)}
                    value={current.reportKey ?? ''}
                    error={isHalfLinked(current) ? t(l.bothRequired) : undefined}
                    data={[
                      { value: '', label: t(l.notLinked) },
                      ...choices.reports.map((key) => ({
                        value: key,
                        label: t(printReportCaptions[key]),
                      })),
                    ]}
                    onChange={(event) => set(row.subject, { reportKey: event.currentTarget.value || null })}
                  />
                </section>
              );
            })}
          </div>
        </section>
      ))}
      <SaveBar
        failure={save.isError ? t(tagReportMessages.saveFailed, { reason: reasonOf(save.error) }) : null}
        dirty={changed.length > 0}
        saving={save.isPending}
        canSave={changed.length > 0 && !hasProblem}
        labels={{ unsaved: t(l.unsaved), discard: t(tagReportButtons.discard), save: t(tagReportButtons.save) }}
        onDiscard={() => {
          save.reset();
          setDraft(draftOf(saved));
        }}
      />
    </form>
  );
}
