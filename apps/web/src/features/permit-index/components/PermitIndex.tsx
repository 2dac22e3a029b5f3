import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Drawer, Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import {
  permitIndexButtons,
  permitIndexLabels,
  permitIndexViewCaptions,
  permitIndexWidgetViewCaptions,
  permitIndexWidgetViews,
  permitIndexViews,
  permitWorklists,
  offeredWorklists,
  type PermitIndexColumn,
  type PermitIndexQuery,
  type PermitIndexView,
  type PermitIndexWidgetView,
} from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import { useSessionContext } from '../../../lib/session-context';
import { downloadExport, usePermitIndexPage, useSaveColumns, useSavedColumns } from '../api/index-api';
import { apiQuery, PAGE_SIZES, readView, withFilter, writeView, type IndexView } from '../url-state';
import { ColumnPicker } from './ColumnPicker';
import { FilterFields, type PermitTypeOption } from './FilterFields';
import { PermitCards } from './PermitCards';
import { PermitGrid } from './PermitGrid';
import classes from '../PermitIndex.module.css';

const PHONE_QUERY = '(max-width: 48em)';
const WIDE_QUERY = '(min-width: 75em)';

/**
 * The permit index (decision 0034). The URL is the view: every control writes it and the page
 * reads it back, so reload, back/forward and a shared link all show the same permits. Columns come
 * from the URL when it names them (a shared view), else from the user's saved choice.
 */
export function PermitIndex({ permitTypes }: { permitTypes: PermitTypeOption[] }) {
  const t = useCaptions();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const saved = useSavedColumns();
  const saveColumns = useSaveColumns();
  const columns: PermitIndexColumn[] | null = view.cols ?? saved.data?.columns ?? null;
  const query = useMemo(() => apiQuery(view), [view]);
  const page = usePermitIndexPage(query);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Beside the grid the filters take a third of a wide screen but most of an 800 px one: there they
  // start folded behind their button, and either way the user may fold or unfold them.
  const wide = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false });
  const [panelChoice, setPanelChoice] = useState<boolean | null>(null);
  const panelOpen = panelChoice ?? wide;
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const facilityName = useAuthState().session?.facility.name ?? '';
  // Only the worklists this person could ever act on (a worker gets no approval list); a bookmarked
  // one they cannot use still shows while chosen, and lists nothing.
  const offered = new Set<string>(offeredWorklists(useSessionContext().data?.permissions ?? []));
  const myViews = permitIndexViews.filter(
    (v) => !(permitWorklists as readonly string[]).includes(v) || offered.has(v) || view.view === v,
  );

  // The screen stays and updates in place: no full-screen loading overlay (its excluded parameters
  // cover page and sort, not the filters), and each view is its own history entry (Back undoes a filter).
  const go = (next: IndexView) => setParams(writeView(next, params), { state: { skipLoader: true } });
  const filter = (change: Partial<PermitIndexQuery>) => go(withFilter(view, change));
  const widgetView = (permitIndexWidgetViews as readonly string[]).includes(view.view ?? '')
    ? (view.view as PermitIndexWidgetView)
    : undefined;

  // Free text: typed into local state, written to the URL when the typing pauses.
  // A new q from the URL (back, a shared link, Clear) replaces the text, adjusted while rendering.
  const [text, setText] = useState(view.q ?? '');
  const [urlText, setUrlText] = useState(view.q);
  if (urlText !== view.q) {
    setUrlText(view.q);
    setText(view.q ?? '');
  }
  const writeText = useDebouncedCallback((q: string) => filter({ q: q.trim() || undefined }), 300);

  const chooseColumns = (next: PermitIndexColumn[]) => {
    go({ ...view, cols: next });
    saveColumns.mutate(next);
  };
  const exportAs = (format: 'csv' | 'xlsx') => {
    setExporting(format);
    setExportError(null);
    downloadExport(format, apiQuery(view, columns ?? undefined), facilityName)
      .catch(() => setExportError(t(permitIndexLabels.exportFailed)))
      .finally(() => setExporting(null));
  };

  const total = page.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / view.pageSize));
  const filterCount = [
    view.status,
    view.permitType,
    view.areaId ?? view.assetId,
    view.requesterId,
    view.holderId,
    view.approverId,
    view.startFrom,
    view.startTo,
    view.endFrom,
    view.endTo,
  ].filter((v) => v !== undefined).length;
  const fields = <FilterFields view={view} permitTypes={permitTypes} onChange={filter} />;

  return (
    <div className={classes.root}>
      <Group gap="xs" className={classes.views} role="group" aria-label={t(permitIndexLabels.myWork)}>
        {([undefined, ...myViews] as (PermitIndexView | undefined)[]).map((v) => (
          <Button
            key={v ?? 'all'}
            variant={view.view === v ? 'filled' : 'default'}
            aria-pressed={view.view === v}
            className={classes.touch}
            onClick={() => filter({ view: v })}
          >
            {v ? t(permitIndexViewCaptions[v]) : t(permitIndexButtons.allPermits)}
          </Button>
        ))}
        {/* A view a dashboard widget opened: shown while chosen, so the page says what it lists. */}
        {widgetView && (
          <Button variant="filled" aria-pressed className={classes.touch} onClick={() => filter({ view: widgetView })}>
            {t(permitIndexWidgetViewCaptions[widgetView])}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="end" className={classes.toolbar}>
        <TextInput
          label={t(permitIndexLabels.search)}
          placeholder={t(permitIndexLabels.searchPlaceholder)}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            writeText(event.currentTarget.value);
          }}
          className={classes.search}
        />
        <Button
          variant="default"
          className={classes.touch}
          aria-expanded={phone ? undefined : panelOpen}
          onClick={() => (phone ? setFiltersOpen(true) : setPanelChoice(!panelOpen))}
        >
          {!phone && panelOpen
            ? t(permitIndexButtons.hideFilters)
            : filterCount
              ? t(permitIndexButtons.filtersCount, { count: filterCount })
              : t(permitIndexButtons.filters)}
        </Button>
        {!phone && columns && <ColumnPicker columns={columns} onChange={chooseColumns} />}
        <Button
          variant="default"
          className={classes.touch}
          loading={exporting === 'csv'}
          onClick={() => exportAs('csv')}
        >
          {t(permitIndexButtons.exportCsv)}
        </Button>
        <Button
          variant="default"
          className={classes.touch}
          loading={exporting === 'xlsx'}
          onClick={() => exportAs('xlsx')}
        >
          {t(permitIndexButtons.exportXlsx)}
        </Button>
      </Group>
      {!phone && panelOpen && <div className={classes.filters}>{fields}</div>}
      <Drawer
        opened={phone && filtersOpen}
        onClose={() => setFiltersOpen(false)}
        title={t(permitIndexLabels.filters)}
        position="bottom"
        size="85%"
      >
        {fields}
        <Button fullWidth mt="md" className={classes.touch} onClick={() => setFiltersOpen(false)}>
          {page.data?.totalCapped
            ? t(permitIndexButtons.showCapped, { count: total.toLocaleString() })
            : t(permitIndexButtons.showCount, { count: total })}
        </Button>
      </Drawer>
      {exportError && (
        <Alert color="red" role="alert">
          {exportError}
        </Alert>
      )}
      {page.isError && (
        <Alert color="red" role="alert">
          {t(permitIndexLabels.loadFailed)}
        </Alert>
      )}
      <Text size="sm" aria-live="polite" className={classes.count}>
        {!page.data
          ? t(permitIndexLabels.loading)
          : page.data.totalCapped
            ? t(permitIndexLabels.countCapped, { count: total.toLocaleString() })
            : t(total === 1 ? permitIndexLabels.countOne : permitIndexLabels.countMany, { count: total })}
      </Text>
      {phone && page.data && <PermitCards rows={page.data.rows} busy={page.isFetching} />}
      {!phone && columns && page.data && (
        <PermitGrid
          rows={page.data.rows}
          columns={columns}
          sort={view.sort}
          dir={view.dir}
          onSort={(sort, dir) => go({ ...view, sort, dir, page: 1 })}
          busy={page.isFetching}
        />
      )}
      {page.data && page.data.rows.length === 0 && (
        <Text className={classes.empty}>{t(permitIndexLabels.noMatch)}</Text>
      )}
      <Group justify="space-between" gap="sm" className={classes.pager}>
        <Pagination
          total={pages}
          value={Math.min(view.page, pages)}
          onChange={(p) => go({ ...view, page: p })}
          size="lg"
          siblings={phone ? 0 : 1}
          getControlProps={(control) => ({ 'aria-label': t(permitIndexLabels[`page::${control}`]) })}
        />
        <Select
          label={t(permitIndexLabels.rowsPerPage)}
          data={PAGE_SIZES.map(String)}
          value={String(view.pageSize)}
          onChange={(value) => value && go({ ...view, pageSize: Number(value), page: 1 })}
          allowDeselect={false}
          w={140}
        />
      </Group>
    </div>
  );
}
