import { useState } from 'react';
import {
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  TagsInput,
  TextInput,
} from '@mantine/core';
import {
  permitStatusCaptions,
  permitStatuses,
  REPORT_LONG_OPEN_DAYS_DEFAULT,
  REPORT_NAME_MAX,
  REPORT_RECIPIENTS_MAX,
  reportButtons as B,
  reportColumnCaption,
  reportColumns,
  reportFilterFields,
  reportFormats,
  reportKindCaptions,
  reportKinds,
  reportLabels as L,
  reportMessages as M,
  reportTitles,
  reportWeekdayCaptions,
  type ReportDefinition,
  type ReportDefinitionInput,
  type ReportDefinitions,
  type ReportFilters,
  type ReportFormat,
  type ReportKind,
} from '@hasp/contracts';
import { FormDialog } from '../../../components/FormDialog';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf, refusedFieldsOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useSaveReport } from '../api/reports-api';
import cards from '../../../components/RecordCards.module.css';
import classes from '../Reports.module.css';

interface ReportFormModalProps {
  /** null: a new report. */
  report: ReportDefinition | null;
  /** The facility's time zone: the schedule's time is in it. */
  timeZone: string;
  /** The facility's permit types: the type filter's choices. */
  permitTypes: ReportDefinitions['permitTypes'];
  onClose: () => void;
}

type Every = 'none' | 'daily' | 'weekly';

/** Define or edit a report: what it holds (kind, columns, filters), its format, and when it is e-mailed to whom. */
export function ReportFormModal({ report, timeZone, permitTypes, onClose }: ReportFormModalProps) {
  const t = useCaptions();
  const save = useSaveReport();
  const [name, setName] = useState(report?.name ?? '');
  const [kind, setKind] = useState<ReportKind>(report?.kind ?? 'permit-register');
  const [columns, setColumns] = useState<string[]>(report?.columns ?? []);
  const [filters, setFilters] = useState<ReportFilters>(report?.filters ?? {});
  const [format, setFormat] = useState<ReportFormat>(report?.format ?? 'xlsx');
  const [every, setEvery] = useState<Every>(report?.schedule?.every ?? 'none');
  const [weekday, setWeekday] = useState(String(report?.schedule?.weekday ?? 1));
  const [time, setTime] = useState(report?.schedule?.time ?? '06:00');
  const [recipients, setRecipients] = useState<string[]>(report?.recipients ?? []);
  const [nameMissing, setNameMissing] = useState(false);
  const fields = refusedFieldsOf(save.error);
  const atField = Object.keys(fields).length > 0;
  const otherProblem = save.error && !atField ? reasonOf(save.error) : null;
  const shows = (field: string) => (reportFilterFields[kind] as readonly string[]).includes(field);
  const filter = (change: Partial<ReportFilters>) => setFilters((f) => ({ ...f, ...change }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameMissing(true);
    setNameMissing(false);
    // Only the filters this kind reads, and only those given.
    const kept = Object.fromEntries(
      Object.entries(filters).filter(
        ([key, value]) => shows(key) && value !== undefined && value !== '' && !(Array.isArray(value) && !value.length),
      ),
    ) as ReportFilters;
    const input: ReportDefinitionInput = {
      name: name.trim(),
      kind,
      columns: columns.filter((c) => (reportColumns[kind] as readonly string[]).includes(c)),
      filters: kept,
      format,
      schedule: every === 'none' ? null : { every, time, ...(every === 'weekly' ? { weekday: Number(weekday) } : {}) },
      recipients,
    };
    save.mutate(
      { report, input },
      {
        onSuccess: (saved) => {
          showToast({ title: saved.name, message: t(M.saved), tone: 'success' });
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t(report ? reportTitles.editReport : reportTitles.newReport)}
      onClose={onClose}
      onSubmit={submit}
      closeLabel={t(B.close)}
      cancelLabel={t(B.cancel)}
      submitLabel={t(B.save)}
      submitting={save.isPending}
      problem={otherProblem}
      size="lg"
    >
          <TextInput
            label={t(L.name)}
            required
            maxLength={REPORT_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameMissing ? t(L.nameRequired) : fields.name}
            classNames={{ input: cards.touch }}
            data-autofocus
          />
          <NativeSelect
            label={t(L.kind)}
            value={kind}
            onChange={(e) => {
              setKind(e.currentTarget.value as ReportKind);
              setColumns([]);
            }}
            data={reportKinds.map((k) => ({ value: k, label: t(reportKindCaptions[k]) }))}
            error={fields.kind}
            classNames={{ input: cards.touch }}
          />
          <Checkbox.Group
            label={t(L.columns)}
            description={t(L.columnsHint)}
            value={columns}
            onChange={setColumns}
            error={fields.columns}
          >
            <div className={classes.columns}>
              {reportColumns[kind].map((c) => (
                <Checkbox key={c} value={c} label={t(reportColumnCaption(c))} />
              ))}
            </div>
          </Checkbox.Group>
          <NativeSelect
            label={t(L.format)}
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value as ReportFormat)}
            data={reportFormats.map((f) => ({ value: f, label: f.toUpperCase() }))}
            classNames={{ input: cards.touch }}
          />
          {shows('permitType') && (
            <NativeSelect
              label={t(L.permitType)}
              value={filters.permitType ?? ''}
              onChange={(e) => filter({ permitType: e.currentTarget.value || undefined })}
              data={[
                { value: '', label: t(L.everyType) },
                // A definition may name a type since removed: kept as a choice, so saving does not change it unseen.
                ...(filters.permitType && !permitTypes.some((type) => type.code === filters.permitType)
                  ? [{ value: filters.permitType, label: filters.permitType }]
                  : []),
                ...permitTypes.map((type) => ({ value: type.code, label: `${type.name} (${type.code})` })),
              ]}
              error={fields.filters}
              classNames={{ input: cards.touch }}
            />
          )}
          {shows('status') && (
            <MultiSelect
              label={t(L.status)}
              value={filters.status ?? []}
              onChange={(value) => filter({ status: value })}
              data={permitStatuses.map((s) => ({ value: s, label: t(permitStatusCaptions[s]) }))}
              clearable
            />
          )}
          {shows('from') && (
            <Group grow>
              <TextInput
                type="date"
                label={t(L.from)}
                value={filters.from ?? ''}
                onChange={(e) => filter({ from: e.currentTarget.value || undefined })}
                classNames={{ input: cards.touch }}
              />
              <TextInput
                type="date"
                label={t(L.to)}
                value={filters.to ?? ''}
                onChange={(e) => filter({ to: e.currentTarget.value || undefined })}
                classNames={{ input: cards.touch }}
              />
            </Group>
          )}
          {shows('days') && (
            <NumberInput
              label={t(L.days)}
              min={1}
              max={3650}
              allowDecimal={false}
              value={filters.days ?? REPORT_LONG_OPEN_DAYS_DEFAULT}
              onChange={(value) => filter({ days: typeof value === 'number' ? value : undefined })}
              classNames={{ input: cards.touch }}
            />
          )}
          <NativeSelect
            label={t(L.schedule)}
            value={every}
            onChange={(e) => setEvery(e.currentTarget.value as Every)}
            data={[
              { value: 'none', label: t(L.scheduleNone) },
              { value: 'daily', label: t(L.daily) },
              { value: 'weekly', label: t(L.weekly) },
            ]}
            error={fields.schedule}
            classNames={{ input: cards.touch }}
          />
          {every !== 'none' && (
            <Group grow align="flex-start">
              {every === 'weekly' && (
                <NativeSelect
                  label={t(L.weekday)}
                  value={weekday}
                  onChange={(e) => setWeekday(e.currentTarget.value)}
                  data={Object.entries(reportWeekdayCaptions).map(([value, caption]) => ({
                    value,
                    label: t(caption),
                  }))}
                  classNames={{ input: cards.touch }}
                />
              )}
              <TextInput
                type="time"
                label={t(L.time, { timeZone })}
                value={time}
                onChange={(e) => setTime(e.currentTarget.value)}
                classNames={{ input: cards.touch }}
              />
            </Group>
          )}
          <TagsInput
            label={t(L.recipients)}
            description={t(L.recipientsHint)}
            value={recipients}
            onChange={setRecipients}
            maxTags={REPORT_RECIPIENTS_MAX}
            splitChars={[',', ' ', ';']}
            error={fields.recipients}
          />
    </FormDialog>
  );
}
