import { lazy, Suspense, useId } from 'react';
import { Button, CloseButton, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  dashboardsButtons,
  dashboardsLabels,
  dashboardWidgetTitles,
  type DashboardWidgetData,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSessionContext } from '../../../lib/session-context';
import { useWidget } from '../api/dashboards-api';
import type { ArrangeStep } from '../arrange';
import { ArrangeMenu } from './ArrangeMenu';
import { WidgetBoundary } from './WidgetBoundary';
import { chartHeightPx, chartedWidgets, indexHref, itemCaption, myWorkListHeightPx } from './widget-words';
import classes from './Dashboard.module.css';

const WidgetChart = lazy(() => import('./WidgetChart'));

/** The numbers of a loaded widget: its headline, then each item as a link to the permits it counts. */
function WidgetNumbers({ kind, data }: { kind: DashboardWidgetKind; data: DashboardWidgetData }) {
  const t = useCaptions();
  const labelOf = (item: DashboardWidgetData['items'][number]) => {
    const caption = itemCaption(kind, item);
    return caption ? t(caption) : item.label;
  };
  const words = (n: number) => t(n === 1 ? dashboardsLabels.permit : dashboardsLabels.permits);
  return (
    <>
      {kind !== 'my-work' && (
        <Link to={indexHref(data.filter)} className={classes.total} data-testid="widget-total">
          <strong>{data.total}</strong> {kind === 'shared-points' ? '' : words(data.total)}
          <span className={classes.visuallyHidden}>: {t(dashboardsLabels.openAll)}</span>
        </Link>
      )}
      {chartedWidgets.has(kind) && data.items.length > 0 && (
        <Suspense fallback={<div style={{ height: chartHeightPx(data.items.length) }} />}>
          <WidgetChart
            bars={data.items.map((item) => ({ label: labelOf(item), count: item.count }))}
            seriesLabel={t(dashboardsLabels.permits)}
            height={chartHeightPx(data.items.length)}
          />
        </Suspense>
      )}
      {data.items.length === 0 && kind !== 'my-work' ? (
        data.total === 0 && <Text className={classes.muted}>{t(dashboardsLabels.empty)}</Text>
      ) : (
        <ul className={classes.items}>
          {data.items.map((item) => (
            <li key={item.key}>
              <Link to={indexHref(item.filter)} className={classes.item} data-item={item.key}>
                <span className={classes.itemLabel}>{labelOf(item)}</span>
                <span className={classes.itemCount}>{item.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The widget's own request and its states: a failure stays inside this widget. */
function WidgetBody({ kind, title }: { kind: DashboardWidgetKind; title: string }) {
  const t = useCaptions();
  const widget = useWidget(kind);
  const permissions = useSessionContext().data?.permissions;
  if (widget.isPending) {
    const loader = <Loader size="sm" aria-label={t(dashboardsLabels.loading, { widget: title })} />;
    // "My work" has one row per list the caller has: its height is known before its numbers.
    if (kind === 'my-work' && permissions)
      return <div style={{ minHeight: myWorkListHeightPx(permissions) }}>{loader}</div>;
    return loader;
  }
  if (widget.isError)
    return (
      <div role="alert" className={classes.failed}>
        <Text>{t(dashboardsLabels.loadFailed)}</Text>
        <Button variant="default" className={classes.touch} onClick={() => void widget.refetch()}>
          {t(dashboardsButtons.retry)}
        </Button>
      </div>
    );
  return <WidgetNumbers kind={kind} data={widget.data} />;
}

/**
 * One widget: its title (the drag handle while arranging), its numbers, and while arranging its
 * keyboard steps (one column: up and down only) and its remove button.
 */
export function WidgetCard({
  kind,
  editing,
  single,
  onArrange,
  onRemove,
}: {
  kind: DashboardWidgetKind;
  editing: boolean;
  single: boolean;
  onArrange: (step: ArrangeStep) => void;
  onRemove: () => void;
}) {
  const t = useCaptions();
  const headingId = useId();
  const title = t(dashboardWidgetTitles[kind]);
  const failed = (
    <Text role="alert" className={classes.failed}>
      {t(dashboardsLabels.loadFailed)}
    </Text>
  );
  return (
    <section className={classes.card} aria-labelledby={headingId} data-widget={kind}>
      <header className={`${classes.cardHeader} ${editing ? `${classes.handle} widget-handle` : ''}`}>
        <h2 id={headingId} className={classes.cardTitle}>
          {title}
        </h2>
        {editing && (
          <span className={classes.cardTools}>
            <ArrangeMenu title={title} single={single} onStep={onArrange} />
            <CloseButton
              className={`${classes.touch} widget-no-drag`}
              aria-label={t(dashboardsButtons.remove, { widget: title })}
              onClick={onRemove}
            />
          </span>
        )}
      </header>
      <div className={classes.cardBody}>
        <WidgetBoundary fallback={failed}>
          <WidgetBody kind={kind} title={title} />
        </WidgetBoundary>
      </div>
    </section>
  );
}
