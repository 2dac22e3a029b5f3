import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Group, Loader, Menu, Text } from '@mantine/core';
import {
  dashboardsButtons,
  dashboardsLabels,
  dashboardsTitles,
  dashboardWidgetTitles,
  rightNavPermission,
  type DashboardLayout,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSessionContext } from '../../../lib/session-context';
import { showToast } from '../../../lib/toast';
import { useDashboardLayout, useResetLayout, useSaveFacilityLayout } from '../api/dashboards-api';
import { useLayoutSaver } from '../api/layout-saver';
import {
  addWidget,
  gridHeightPx,
  missingWidgets,
  removeWidget,
  sameLayout,
  SINGLE_COLUMN_BELOW_PX,
  stacked,
  widgetHeightPx,
} from '../layout';
import { arrange, whereIs, type ArrangeStep } from '../arrange';
import { WidgetCard } from './WidgetCard';
import { useContainerWidth } from './use-container-width';
import classes from './Dashboard.module.css';

const loadGridLayout = () => import('./GridLayout');
const GridLayout = lazy(loadGridLayout);
// A screen wide enough for the grid fetches its code now, beside the layout's request, not once the
// layout has come and the box is measured. (The box is narrower than the screen by the sidebar: a
// screen just above this may still show the column, and has only fetched the grid early.)
if (window.matchMedia(`(min-width: ${SINGLE_COLUMN_BELOW_PX}px)`).matches) void loadGridLayout();

/** The toolbar while arranging: add a widget, go back to the facility's default, or make this the default. */
function ArrangeTools({ layout, fromUser }: { layout: DashboardLayout; fromUser: boolean }) {
  const t = useCaptions();
  const save = useLayoutSaver();
  const reset = useResetLayout();
  const saveDefault = useSaveFacilityLayout();
  const mayDefault = useSessionContext().data?.permissions.includes(rightNavPermission('facility-settings')) ?? false;
  const missing = missingWidgets(layout);
  return (
    <>
      <Menu position="bottom-start">
        <Menu.Target>
          <Button variant="default" className={classes.touch} disabled={!missing.length}>
            {t(dashboardsButtons.addWidget)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {missing.map((kind) => (
            <Menu.Item key={kind} className={classes.touch} onClick={() => save(addWidget(layout, kind))}>
              {t(dashboardWidgetTitles[kind])}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {fromUser && (
        <Button variant="default" className={classes.touch} loading={reset.isPending} onClick={() => reset.mutate()}>
          {t(dashboardsButtons.reset)}
        </Button>
      )}
      {mayDefault && (
        <Button
          variant="default"
          className={classes.touch}
          loading={saveDefault.isPending}
          onClick={() =>
            saveDefault.mutate(layout, {
              onSuccess: () =>
                showToast({
                  title: t(dashboardsTitles.page),
                  message: t(dashboardsLabels.defaultSaved),
                  tone: 'success',
                }),
            })
          }
        >
          {t(dashboardsButtons.saveDefault)}
        </Button>
      )}
    </>
  );
}

/**
 * The widgets: a 12-column react-grid-layout as wide as its box (measured once this box is on the
 * page), or one stacked column in reading order below SINGLE_COLUMN_BELOW_PX.
 */
function WidgetGrid({
  layout,
  editing,
  onChange,
}: {
  layout: DashboardLayout;
  editing: boolean;
  onChange: (layout: DashboardLayout) => void;
}) {
  const t = useCaptions();
  const { width, containerRef } = useContainerWidth();
  const single = width !== null && width < SINGLE_COLUMN_BELOW_PX;
  // What the last keyboard step did, for the screen reader (a polite live region below).
  const [placed, setPlaced] = useState('');
  // A step can take the widget out of sight (a phone's column is long): it is brought back into view
  // once the step's layout is on the screen (the query cache holds a copy of it, a tick later), or
  // its arrange menu — Mantine hides it while its button is scrolled away — would close under the
  // keyboard user's focus.
  const [moved, setMoved] = useState<{ kind: DashboardWidgetKind; layout: DashboardLayout } | null>(null);
  useEffect(() => {
    if (!moved || !sameLayout(moved.layout, layout)) return;
    containerRef.current?.querySelector(`[data-widget="${moved.kind}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [moved, layout, containerRef]);
  const step = (kind: DashboardWidgetKind, how: ArrangeStep) => {
    const next = arrange(layout, kind, how);
    if (next !== layout) onChange(next);
    setMoved({ kind, layout: next });
    const where = whereIs(next, kind);
    if (!where) return;
    const widget = t(dashboardWidgetTitles[kind]);
    setPlaced(
      single
        ? t(dashboardsLabels.placedStack, { widget, position: where.position, count: where.count })
        : t(dashboardsLabels.placedGrid, { widget, ...where }),
    );
  };
  const card = (kind: DashboardWidgetKind) => (
    <WidgetCard
      kind={kind}
      editing={editing}
      single={single}
      onArrange={(how) => step(kind, how)}
      onRemove={() => onChange(removeWidget(layout, kind))}
    />
  );
  return (
    <>
      {editing && (
        <Text className={classes.muted}>{t(single ? dashboardsLabels.phoneEditing : dashboardsLabels.editing)}</Text>
      )}
      <div role="status" aria-live="polite" className={classes.visuallyHidden}>
        {editing ? placed : ''}
      </div>
      <div ref={containerRef} className={classes.gridBox}>
        {width === null ? null : single ? (
          <div className={classes.stack}>
            {stacked(layout).map((kind) => (
              <div key={kind} className={classes.stackItem} style={{ minHeight: widgetHeightPx(layout, kind) }}>
                {card(kind)}
              </div>
            ))}
          </div>
        ) : (
          // The grid's height is held while its code loads.
          <Suspense fallback={<div style={{ height: gridHeightPx(layout) }} />}>
            <GridLayout layout={layout} width={width} editing={editing} onChange={onChange} card={card} />
          </Suspense>
        )}
      </div>
    </>
  );
}

/**
 * The dashboard: the caller's widgets they arrange by dragging titles and corners while
 * "Arrange" is on; each change is saved for them in this facility.
 */
export function Dashboard() {
  const t = useCaptions();
  const query = useDashboardLayout();
  const save = useLayoutSaver();
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <Loader aria-label={t(dashboardsTitles.page)} />;
  if (query.isError)
    return (
      <div role="alert" className={classes.failed}>
        <Text>{t(dashboardsLabels.loadFailed)}</Text>
        <Button variant="default" className={classes.touch} onClick={() => void query.refetch()}>
          {t(dashboardsButtons.retry)}
        </Button>
      </div>
    );
  const { layout, source } = query.data;
  return (
    <div className={classes.root}>
      <Group gap="sm" className={classes.toolbar}>
        <Button
          variant={editing ? 'filled' : 'default'}
          aria-pressed={editing}
          className={classes.touch}
          onClick={() => setEditing((on) => !on)}
        >
          {t(editing ? dashboardsButtons.done : dashboardsButtons.arrange)}
        </Button>
        {editing && <ArrangeTools layout={layout} fromUser={source === 'user'} />}
      </Group>
      {source === 'facility' && !editing && <Text className={classes.muted}>{t(dashboardsLabels.fromFacility)}</Text>}
      {layout.items.length === 0 && <Text className={classes.muted}>{t(dashboardsLabels.noWidgets)}</Text>}
      <WidgetGrid layout={layout} editing={editing} onChange={save} />
    </div>
  );
}
