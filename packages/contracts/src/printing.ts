import * as z from 'zod/mini';
import { idParamSchema, idSchema } from './ids';
import { lockKinds } from './locks';
import { printLayouts } from './tag-report-links';

/*
 * Printing (module `printing`): the facility's tag layouts (Print Settings,
 * `/printlist/print-settings`) and the print list (`/printlist`), the queue of things waiting to be
 * printed. Tag PDFs are made on the server (pdfkit), one page per tag at the layout's size.
 */

/** The tag layouts (tag-report-links' catalogue): each facility styles each one; the size is the key's. */
export const tagLayoutKeys = printLayouts.filter((l) => l.for === 'tag').map((l) => l.key) as [
  'tag-standard-3x5',
  'tag-small-2x4',
  'tag-large-4x6',
];
export type TagLayoutKey = (typeof tagLayoutKeys)[number];
/** The layout a tag type uses when its tag report link names none. */
export const DEFAULT_TAG_LAYOUT: TagLayoutKey = 'tag-standard-3x5';

/** Each layout's page: width × height in inches (portrait, the hole at the top). */
export const tagLayoutSizes: Record<TagLayoutKey, { width: number; height: number }> = {
  'tag-standard-3x5': { width: 3, height: 5 },
  'tag-small-2x4': { width: 2, height: 4 },
  'tag-large-4x6': { width: 4, height: 6 },
};

/** What a layout may show, in the order the tag prints them (the legend band always prints). */
export const tagLayoutFields = [
  'logo',
  'number',
  'point',
  'permit',
  'applier',
  'department',
  'contact',
  'date',
  'reason',
  'qr',
] as const;
export type TagLayoutField = (typeof tagLayoutFields)[number];

const hexColour = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour such as #B91C1C'));

/** A facility's tag layout as Print Settings shows and edits it. */
export const tagLayoutSchema = z.object({
  key: z.enum(tagLayoutKeys),
  name: z.string(),
  /** The band behind the legend (red for DANGER), the text on it, and the tag's body. */
  bandColour: z.string(),
  bandTextColour: z.string(),
  bodyColour: z.string(),
  /** The legend printed on a tag that has none of its own (and on the preview); null: the list's first. */
  legend: z.nullable(z.object({ ID: z.int(), value: z.string() })),
  fields: z.array(z.enum(tagLayoutFields)),
  version: z.int(),
});
export type TagLayout = z.infer<typeof tagLayoutSchema>;

/** GET /api/print-settings/tag-layouts: every tag layout, and whether the facility has a logo to print. */
export const tagLayoutListSchema = z.object({
  layouts: z.array(tagLayoutSchema),
  hasLogo: z.boolean(),
});
export type TagLayoutList = z.infer<typeof tagLayoutListSchema>;

export const tagLayoutParamsSchema = z.object({ layoutKey: z.enum(tagLayoutKeys) });

/** PUT /api/print-settings/tag-layouts/:layoutKey (If-Match: its version) and the preview's body. */
export const tagLayoutInputSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(80, 'Name: at most 80 characters')),
  bandColour: hexColour,
  bandTextColour: hexColour,
  bodyColour: hexColour,
  legendItemId: z.nullable(idSchema),
  fields: z.array(z.enum(tagLayoutFields)).check(z.maxLength(tagLayoutFields.length)),
});
export type TagLayoutInput = z.infer<typeof tagLayoutInputSchema>;

/**
 * The kinds of item the print list holds. Each kind has its own source and its own PDF (decision
 * 0074): tags (Planned → Printed), the job-site copy of permits in force (`permit`, from
 * `permit-pdf`), group lockout lockbox labels (`lockbox`) and locks' QR labels (`lock`, Lock Manage's
 * label, decision 0115). One PDF holds one kind: each goes to its own stock (tag card, paper, label).
 */
export const printItemKinds = ['tag', 'permit', 'lockbox', 'lock'] as const;
export type PrintItemKind = (typeof printItemKinds)[number];
/** The kinds printed for a permit (they carry it); a lock's label is of no permit. */
export const permitPrintItemKinds = ['tag', 'permit', 'lockbox'] as const;

/**
 * Waiting: not printed yet (tags: Planned; a permit issued or active whose current revision, validity
 * and holder have not been printed; an open lockbox not labelled). Printed: printed and still in use
 * (a tag not yet hung, a permit in force, an open lockbox), for a reprint.
 */
export const printQueues = ['waiting', 'printed'] as const;
export type PrintQueue = (typeof printQueues)[number];

export const printListQuerySchema = z.object({
  queue: z._default(z.enum(printQueues), 'waiting'),
  kind: z.optional(z.enum(printItemKinds)),
  permitId: z.optional(idParamSchema),
  areaId: z.optional(idParamSchema),
});
export type PrintListQuery = z.infer<typeof printListQuerySchema>;

/** What every line of the print list has, whatever its kind. */
const printItemShared = {
  ID: z.int(),
  /** A tag's, permit's or lockbox's number; a lock's serial. */
  number: z.string(),
  printedAt: z.nullable(z.string()),
  /** Who marked it printed (permits, lockbox and lock labels; a tag's printer is in its audit trail). */
  printedBy: z.nullable(z.string()),
  reprintCount: z.int(),
  version: z.int(),
  /**
   * What the item prints as now (a permit's revision, validity and holder; a lockbox label's keys; a
   * lock label's serial; a tag's number, legend, point, permit, applier, reason and QR code), opaque.
   * The print list sends it with the PDF and with "Mark printed": a change in between is refused
   * instead of being recorded as printed when the paper shows the older copy.
   */
  stamp: z.string(),
};

/** A line printed for a permit: a tag, a permit's job-site copy or a lockbox label. */
export const permitPrintItemSchema = z.object({
  kind: z.enum(permitPrintItemKinds),
  ...printItemShared,
  permit: z.object({ ID: z.int(), number: z.string(), title: z.string() }),
  area: z.nullable(z.object({ ID: z.int(), name: z.string() })),
  /** What it is on: the point's code and location. */
  point: z.nullable(z.string()),
  legend: z.nullable(z.string()),
  /** What else tells it apart: a permit's type and status, a lockbox's primary and the locks it holds. */
  detail: z.nullable(z.string()),
});
export type PermitPrintItem = z.infer<typeof permitPrintItemSchema>;

/** A lock's QR label (decision 0115): of no permit nor area; the lock as Lock Manage lists it. */
export const lockPrintItemSchema = z.object({
  kind: z.literal('lock'),
  ...printItemShared,
  lock: z.object({
    serial: z.string(),
    kind: z.enum(lockKinds),
    /** The caption of its `lock-colours` item, or null. */
    colour: z.nullable(z.string()),
    /** Whose personal lock it is, or null (a spare or a board lock). */
    owner: z.nullable(z.string()),
  }),
});
export type LockPrintItem = z.infer<typeof lockPrintItemSchema>;

/** One line of the print list, by `kind`. */
export const printListItemSchema = z.discriminatedUnion('kind', [permitPrintItemSchema, lockPrintItemSchema]);
export type PrintListItem = z.infer<typeof printListItemSchema>;

/** GET /api/print-list: the items, and the permits and areas they are on (the filters' choices). */
export const printListSchema = z.object({
  items: z.array(printListItemSchema),
  /** At most this many lines come back; `truncated` says there were more (narrow the filters). */
  truncated: z.boolean(),
});
export type PrintList = z.infer<typeof printListSchema>;
export const PRINT_LIST_LIMIT = 2000;

const idList = (noun: string) =>
  z.array(idSchema).check(z.minLength(1, `Choose at least one ${noun}`), z.maxLength(PRINT_LIST_LIMIT));

/**
 * Permits in one PDF at most: each is a whole job-site copy (0.3–1 s and a few hundred KB to draw),
 * built in memory, so a larger choice goes as several PDFs (the print list splits it).
 */
export const PRINT_PERMIT_PDF_LIMIT = 50;

/** The items' stamps (PrintListItem.stamp) as the print list showed them, one for each of `ids`, in order. */
const stamps = z.array(z.string().check(z.maxLength(64))).check(z.maxLength(PRINT_LIST_LIMIT));

/**
 * POST /api/print-list/pdf: the chosen items as one PDF (a page each), in the order given. With
 * `stamps`, an item changed since the list showed it is refused (409 naming it); without, the items
 * print as they are now (a reprint's PDF).
 */
export const printPdfInputSchema = z.object({
  kind: z.enum(printItemKinds),
  ids: idList('item'),
  stamps: z.optional(stamps),
});
export type PrintPdfInput = z.infer<typeof printPdfInputSchema>;

/**
 * POST /api/print-list/mark-printed: each item through its own command (`tag.mark-printed`,
 * `permit-print.mark-printed`, `lockbox-label.mark-printed`). `stamps` are required: each is what
 * the item's PDF was drawn from, and an item that prints otherwise now is refused, so the record
 * is what is on paper (recording the item as it is when the command runs could record a copy that
 * was never printed; decision 0083).
 */
export const markPrintedInputSchema = z.object({ kind: z.enum(printItemKinds), ids: idList('item'), stamps });
export type MarkPrintedInput = z.infer<typeof markPrintedInputSchema>;
export const markPrintedResultSchema = z.object({
  printed: z.array(z.int()),
  /** The items the command refused (a tag applied or voided meanwhile, a permit closed), with why. */
  refused: z.array(z.object({ ID: z.int(), message: z.string() })),
});
export type MarkPrintedResult = z.infer<typeof markPrintedResultSchema>;
/** The client sends a large batch in parts of this many, to show progress. */
export const MARK_PRINTED_BATCH = 100;

/** POST /api/print-list/reprint: a printed item printed again, with why (audited `<kind>.reprint`). */
export const reprintInputSchema = z.object({
  kind: z.enum(printItemKinds),
  id: idSchema,
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'Reason is required'), z.maxLength(2000, 'Reason: at most 2000 characters')),
});
export type ReprintInput = z.infer<typeof reprintInputSchema>;

/** The reprint's answer: the item's print count and version after it. */
export const reprintResultSchema = z.object({
  kind: z.enum(printItemKinds),
  ID: z.int(),
  reprintCount: z.int(),
  version: z.int(),
});
export type ReprintResult = z.infer<typeof reprintResultSchema>;

/** Permit statuses whose job-site copy waits to print (the permit is handed to the crew). */
export const permitPrintWaitingStatuses = ['issued', 'active'] as const;
/** Permit statuses whose printed copy is still in use (listed under Printed, may be reprinted). */
export const permitPrintInForceStatuses = ['issued', 'active', 'suspended', 'live_for_test'] as const;

/** Lock statuses whose label does not print (the lock is out of use): they leave both queues. */
export const lockLabelOutOfUseStatuses = ['lost', 'retired'] as const;

/** A lockbox label's page: width × height in inches (landscape, a standard 4 × 3 label). */
export const LOCKBOX_LABEL_SIZE = { width: 4, height: 3 } as const;
