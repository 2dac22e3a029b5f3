import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Select, Text } from '@mantine/core';
import {
  translationsButtons,
  translationsColumns,
  translationsLabels,
  translationsMessages,
  translationsTooltips,
  type TranslationRow,
} from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useAuthState } from '../../../lib/auth-session';
import { currentLanguage, useCaptions } from '../../../lib/i18n';
import { Page } from '../../../components/Page';
import { useLanguages } from '../../../lib/languages';
import { useTranslations } from '../api/get-translations';
import { defaultLanguage } from '../default-language';
import {
  columnOptions,
  filterRows,
  hasActiveFilter,
  indexRows,
  noFilters,
  translationColumns,
  type ColumnFilter,
  type TranslationColumn,
} from '../filter-rows';
import { ColumnFilterInput } from './ColumnFilterInput';
import { HeadingHelp } from './HeadingHelp';
import { TranslatedValueCell } from './TranslatedValueCell';
import { useTranslationEditing } from './use-translation-editing';
import { VirtualTable } from './VirtualTable';
import classes from '../Translations.module.css';

const rowPath = (row: TranslationRow) => `${row.formName}.${row.controlName} (${row.itemType})`;

/** The seed's editable translations table: a language, five filterable columns, inline edits. */
export function TranslationsScreen({ title }: { title: string }) {
  const t = useCaptions();
  const connection = useAuthState().session?.connectionStringName ?? '';
  const languages = useLanguages(connection);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const language =
    languages.data?.find((l) => l.ID === chosenId) ??
    (languages.data ? defaultLanguage(languages.data, currentLanguage()) : undefined);
  const translations = useTranslations(connection, language?.ID);
  const editing = useTranslationEditing(connection, language);

  const [filters, setFilters] = useState(noFilters);
  const [activeColumn, setActiveColumn] = useState<TranslationColumn | null>(null);
  // Typing stays instant: the table follows the filters as soon as React has time.
  const deferredFilters = useDeferredValue(filters);
  const index = useMemo(() => indexRows(translations.data ?? []), [translations.data]);
  const shown = useMemo(() => filterRows(index, deferredFilters), [index, deferredFilters]);
  // Only the focused combobox needs its choices.
  const options = useMemo(
    () => (activeColumn ? [...columnOptions(index, deferredFilters, activeColumn)] : []),
    [index, deferredFilters, activeColumn],
  );

  const setFilter = (column: TranslationColumn, filter: ColumnFilter) =>
    setFilters((current) => ({ ...current, [column]: filter }));

  const help: Partial<Record<TranslationColumn, string[]>> = {
    formName: [t(translationsTooltips.nestedPaths)],
    controlName: [t(translationsTooltips.defaultControlValue), t(translationsTooltips.variants)],
  };

  const header = (
    <tr aria-rowindex={1}>
      {translationColumns.map((column) => {
        const heading = t(translationsColumns[column]);
        const lines = help[column];
        return (
          <th key={column} scope="col" className={classes.headCell}>
            <div className={classes.heading}>
              <span>{heading}</span>
              {lines && <HeadingHelp column={heading} lines={lines} />}
            </div>
            <ColumnFilterInput
              heading={heading}
              filter={filters[column]}
              options={activeColumn === column ? options : []}
              onChange={(filter) => setFilter(column, filter)}
              onFocus={() => setActiveColumn(column)}
            />
          </th>
        );
      })}
    </tr>
  );

  const renderCells = (row: TranslationRow) => {
    const isEditing = editing.edit?.captionId === row.captionID;
    return (
      <>
        {(['itemType', 'formName', 'controlName', 'defaultCaption'] as const).map((column) => (
          <td key={column} className={classes.cell}>
            <span className={classes.cellText} title={row[column]}>
              {row[column]}
            </span>
          </td>
        ))}
        <td className={classes.valueCell}>
          <TranslatedValueCell
            row={row}
            path={rowPath(row)}
            editing={isEditing}
            draft={isEditing ? (editing.edit?.draft ?? '') : ''}
            saving={isEditing && editing.saving}
            failed={isEditing && editing.error !== null}
            onEdit={() => editing.start(row)}
            onDraftChange={editing.change}
            onSave={() => editing.commit(row, rowPath(row))}
            onCancel={editing.cancel}
          />
        </td>
      </>
    );
  };

  const failedToLoad = languages.isError || translations.isError;
  const loading = !failedToLoad && (languages.isPending || translations.isPending);

  return (
    <Page title={title} lead={t(translationsLabels.lead)}>
      <div className={classes.toolbar}>
        <Select
          className={classes.language}
          label={t(translationsLabels.language)}
          data={(languages.data ?? []).map((l) => ({ value: String(l.ID), label: l.name }))}
          value={language ? String(language.ID) : null}
          onChange={(value) => {
            if (value === null) return;
            editing.reset();
            setChosenId(Number(value));
          }}
          allowDeselect={false}
          disabled={!languages.data}
        />
        <Text className={classes.count} role="status">
          {translations.data
            ? t(translationsLabels.count, { shown: shown.length, total: translations.data.length })
            : ''}
        </Text>
        <Button
          variant="default"
          disabled={!hasActiveFilter(filters)}
          onClick={() => {
            setFilters(noFilters);
          }}
        >
          {t(translationsButtons.clearFilters)}
        </Button>
      </div>

      <div className={classes.status} role="status">
        {editing.status && (
          <Group gap="sm" wrap="nowrap">
            <Icon name="check" size={18} className={classes.statusIcon} />
            <Text size="sm">
              {t(editing.status.kind === 'saved' ? translationsMessages.saved : translationsMessages.undone, {
                path: editing.status.path,
              })}
            </Text>
            {editing.status.kind === 'saved' && (
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<Icon name="arrow-back-up" size={16} />}
                loading={editing.saving && editing.edit === null}
                onClick={editing.undo}
              >
                {t(translationsButtons.undo)}
              </Button>
            )}
          </Group>
        )}
      </div>
      {editing.error !== null && (
        <Alert color="red" role="alert" icon={<Icon name="alert-triangle" size={18} />}>
          {t(translationsMessages.saveFailed, { message: editing.error })}
        </Alert>
      )}

      {failedToLoad ? (
        <Alert color="red" icon={<Icon name="alert-triangle" size={18} />}>
          <Group justify="space-between">
            <span>{t(translationsMessages.loadFailed)}</span>
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => void (languages.isError ? languages.refetch() : translations.refetch())}
            >
              {t(translationsButtons.tryAgain)}
            </Button>
          </Group>
        </Alert>
      ) : loading ? (
        <Center py="xl">
          <Loader aria-label={t(translationsLabels.loading)} />
        </Center>
      ) : (
        <VirtualTable
          label={t(translationsLabels.table)}
          columnCount={translationColumns.length}
          colgroup={
            <colgroup>
              {translationColumns.map((column) => (
                <col key={column} className={classes[`col-${column}`]} />
              ))}
            </colgroup>
          }
          header={header}
          rows={shown}
          rowKey={(row) => row.captionID}
          renderCells={renderCells}
          empty={t(translationsMessages.noMatch)}
          scrollResetKey={deferredFilters}
        />
      )}
    </Page>
  );
}
