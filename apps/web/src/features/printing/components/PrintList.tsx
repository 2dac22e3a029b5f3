import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Center, Checkbox, Loader, NativeSelect, Progress, SegmentedControl, Text } from '@mantine/core';
import {
  printingButtons,
  printingLabels,
  printingMessages,
  printingTitles,
  printItemKinds,
  PRINT_LIST_LIMIT,
  type PrintItemKind,
  type PrintListItem,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import cardGrid from '../../../components/CardGrid.module.css';
import {
  downloadPdf,
  useMarkPrinted,
  usePrintList,
  type PrintListFilter,
  type PrintSelection,
} from '../api/printing-api';
import classes from '../Printing.module.css';
import { pdfParts } from '../print-parts';
import { choicesOf, keyOf, permitFiltersApply } from '../print-items';
import { kindCaptions, PrintItemFacts } from './PrintItemFacts';
import { ReprintDialog } from './ReprintDialog';

const l = printingLabels;
const b = printingButtons;
const m = printingMessages;
const kindOf = (value: string): PrintItemKind | undefined =>
  (printItemKinds as readonly string[]).includes(value) ? (value as PrintItemKind) : undefined;

/**
 * The chosen items grouped by kind, in the list's order (one PDF and one request per kind), with
 * their stamps: `stampOf` gives the one an item was printed with, else the list's.
 */
function selectionOf(
  items: readonly PrintListItem[],
  stampOf: (item: PrintListItem) => string = (item) => item.stamp,
): PrintSelection {
  return printItemKinds
    .map((kind) => {
      const ofKind = items.filter((i) => i.kind === kind);
      return { kind, ids: ofKind.map((i) => i.ID), stamps: ofKind.map(stampOf) };
    })
    .filter((s) => s.ids.length > 0);
}

/**
 * The print queue of tags, permits, lockbox labels and lock labels: filter, select, print to one PDF
 * per kind, mark printed; printed items can be reprinted with a reason.
 */
export function PrintList() {
  const t = useCaptions();
  const [filter, setFilter] = useState<PrintListFilter>({ queue: 'waiting' });
  const list = usePrintList(filter);
  const all = usePrintList({ queue: filter.queue });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [printing, setPrinting] = useState(false);
  const [reprinting, setReprinting] = useState<PrintListItem | null>(null);
  // What each item's PDF was drawn from (its stamp then): "Mark printed" records that copy, and the
  // server refuses it if the item has changed since (the paper would show the older copy).
  const drawnFrom = useRef(new Map<string, string>());
  const mark = useMarkPrinted((done, total) => setProgress({ done, total }));
  const choices = useMemo(() => choicesOf(all.data?.items ?? []), [all.data]);

  const items = list.data?.items ?? [];
  const chosenItems = items.filter((i) => selected.has(keyOf(i)));
  const chosen = chosenItems.map(keyOf);
  const change = (next: Partial<PrintListFilter>) => {
    setFilter((current) => ({ ...current, ...next }));
    setSelected(new Set());
  };
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const print = async () => {
    setPrinting(true);
    try {
      // One PDF per kind: tags go on tag stock, permits on paper, labels on label stock.
      for (const selection of selectionOf(chosenItems)) {
        const parts = pdfParts(selection);
        for (const [index, part] of parts.entries()) {
          const name = await downloadPdf(part, { index, count: parts.length });
          part.stamps.forEach((stamp, i) => drawnFrom.current.set(`${part.kind}:${part.ids[i]}`, stamp));
          showToast({ title: t(printingTitles.printList), message: t(m.downloaded, { name }), tone: 'success' });
        }
      }
    } catch (error) {
      showToast({
        title: t(printingTitles.printList),
        message: t(m.printFailed, { reason: reasonOf(error) }),
        tone: 'error',
      });
    } finally {
      setPrinting(false);
    }
  };
  const markPrinted = () =>
    mark.mutate(
      selectionOf(chosenItems, (item) => drawnFrom.current.get(keyOf(item)) ?? item.stamp),
      {
        onSuccess: (result) => {
          setSelected(new Set());
          if (result.printed.length)
            showToast({
              title: t(printingTitles.printList),
              message: t(m.marked, { count: result.printed.length }),
              tone: 'success',
            });
          if (result.refused.length)
            showToast({
              title: t(printingTitles.printList),
              message: t(m.markRefused, { count: result.refused.length, reason: result.refused[0]!.message }),
              tone: 'warning',
            });
        },
        onSettled: () => setProgress(null),
      },
    );

  const queueOptions = (['waiting', 'printed'] as const).map((value) => ({ value, label: t(l[value]) }));
  return (
    <>
      <div className={classes.filters}>
        <div>
          <Text component="span" size="sm" fw={500} id="print-queue-label">
            {t(l.queue)}
          </Text>
          <SegmentedControl
            fullWidth
            aria-labelledby="print-queue-label"
            value={filter.queue}
            data={queueOptions}
            onChange={(value) => change({ queue: value, permitId: undefined, areaId: undefined })}
          />
        </div>
        <NativeSelect
          label={t(l.kind)}
          value={filter.kind ?? ''}
          data={[
            { value: '', label: t(l.allKinds) },
            ...printItemKinds.map((kind) => ({ value: kind, label: t(kindCaptions[kind]) })),
          ]}
          onChange={(event) => {
            const kind = kindOf(event.currentTarget.value);
            // Lock labels are of no permit nor area: a permit or area chosen before would hide them all.
            change(permitFiltersApply(kind) ? { kind } : { kind, permitId: undefined, areaId: undefined });
          }}
        />
        {permitFiltersApply(filter.kind) && (
          <>
            <NativeSelect
              label={t(l.permit)}
              value={filter.permitId === undefined ? '' : String(filter.permitId)}
              data={[{ value: '', label: t(l.allPermits) }, ...choices.permits]}
              onChange={(event) => change({ permitId: Number(event.currentTarget.value) || undefined })}
            />
            <NativeSelect
              label={t(l.area)}
              value={filter.areaId === undefined ? '' : String(filter.areaId)}
              data={[{ value: '', label: t(l.allAreas) }, ...choices.areas]}
              onChange={(event) => change({ areaId: Number(event.currentTarget.value) || undefined })}
            />
          </>
        )}
      </div>
      {filter.kind === undefined && (filter.permitId !== undefined || filter.areaId !== undefined) && (
        <Text size="sm" c="dimmed" mb="sm">
          {t(l.notForLocks)}
        </Text>
      )}

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(printingTitles.printList)} />
        </Center>
      ) : list.isError ? (
        <Alert color="red" variant="light" title={t(m.loadFailed)}>
          <Button variant="default" mt="xs" onClick={() => void list.refetch()}>
            {t(b.retry)}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{t(l.empty)}</Text>
      ) : (
        <>
          {list.data.truncated && (
            <Alert color="yellow" variant="light" mb="sm">
              {t(l.truncated, { count: PRINT_LIST_LIMIT })}
            </Alert>
          )}
          {filter.queue === 'waiting' && (
            <Checkbox
              mb="sm"
              label={t(l.selectAll, { count: items.length })}
              checked={chosen.length === items.length}
              indeterminate={chosen.length > 0 && chosen.length < items.length}
              onChange={(event) => setSelected(new Set(event.currentTarget.checked ? items.map(keyOf) : []))}
            />
          )}
          <ul className={`${cardGrid.cards} ${classes.cards}`} aria-label={t(printingTitles.printList)}>
            {items.map((item) => (
              <li key={keyOf(item)} className={cardGrid.card} data-kind={item.kind} data-number={item.number}>
                <div className={classes.cardHead}>
                  {filter.queue === 'waiting' ? (
                    <Checkbox
                      size="md"
                      label={<strong>{item.number}</strong>}
                      checked={selected.has(keyOf(item))}
                      onChange={(event) => toggle(keyOf(item), event.currentTarget.checked)}
                    />
                  ) : (
                    <strong>{item.number}</strong>
                  )}
                  {filter.queue === 'printed' && (
                    <Button size="sm" variant="default" onClick={() => setReprinting(item)}>
                      {t(b.reprint)}
                    </Button>
                  )}
                </div>
                <PrintItemFacts item={item} />
              </li>
            ))}
          </ul>
        </>
      )}

      {filter.queue === 'waiting' && items.length > 0 && (
        <div className={classes.actions}>
          <Text size="sm" w="100%">
            {t(l.selected, { count: chosen.length })}
          </Text>
          {printing && <Text size="sm">{t(m.printing, { count: chosen.length })}</Text>}
          {progress && (
            <div style={{ width: '100%' }}>
              <Text size="sm">{t(m.marking, { done: progress.done, total: progress.total })}</Text>
              <Progress value={(100 * progress.done) / Math.max(progress.total, 1)} aria-hidden />
            </div>
          )}
          <Button disabled={!chosen.length} loading={printing} onClick={() => void print()}>
            {t(b.print, { count: chosen.length })}
          </Button>
          <Button variant="default" disabled={!chosen.length} loading={mark.isPending} onClick={markPrinted}>
            {t(b.markPrinted, { count: chosen.length })}
          </Button>
        </div>
      )}
      {reprinting && <ReprintDialog item={reprinting} onClose={() => setReprinting(null)} />}
    </>
  );
}
