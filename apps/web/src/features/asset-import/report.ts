import type { ImportCount, ImportFormat, ImportIssue, ImportKind } from '@hasp/contracts';

/** Problems shown per page of the report: a page of 50 rows stays quick with thousands of problems. */
export const REPORT_PAGE_SIZE = 50;

/** What the file's name says it is, or null when it is neither (the server then refuses it). */
export function formatOfName(fileName: string): ImportFormat | null {
  const lower = fileName.trim().toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/** The kind a CSV template's name or a file's name suggests ("hasp-assets-template.csv" → assets). */
export function kindFromFileName(fileName: string, kinds: readonly ImportKind[]): ImportKind | null {
  const lower = fileName.toLowerCase().replace(/[_\s]+/g, '-');
  // Longest first: "energy-sources" before a shorter kind that happens to be inside another name.
  const found = kinds.toSorted((a, b) => b.length - a.length).find((kind) => lower.includes(kind));
  return found ?? null;
}

export interface IssueGroup {
  kind: ImportKind;
  column: string;
  count: number;
}

/** How many problems each sheet's column has, most first: where to start fixing the file. */
export function groupIssues(issues: ImportIssue[]): IssueGroup[] {
  const groups = new Map<string, IssueGroup>();
  for (const issue of issues) {
    const key = `${issue.kind}\u0000${issue.column}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { kind: issue.kind, column: issue.column, count: 1 });
  }
  return [...groups.values()].sort(
    (a, b) => b.count - a.count || a.kind.localeCompare(b.kind) || a.column.localeCompare(b.column),
  );
}

export interface ReportPage {
  issues: ImportIssue[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pages: number;
  /** 1-based positions of the first and last problem shown (0 and 0 when there are none). */
  from: number;
  to: number;
}

/** One page of the report, by sheet and row as the server sorted them. */
export function reportPage(issues: ImportIssue[], page: number, size = REPORT_PAGE_SIZE): ReportPage {
  const pages = Math.max(1, Math.ceil(issues.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const start = (current - 1) * size;
  const shown = issues.slice(start, start + size);
  return {
    issues: shown,
    page: current,
    pages,
    from: shown.length ? start + 1 : 0,
    to: start + shown.length,
  };
}

/** The kinds the file holds rows of, in import order (counts of kinds with no rows are left out). */
export function countsWithRows(counts: ImportCount[]): ImportCount[] {
  return counts.filter((count) => count.rows > 0 || count.created > 0 || count.updated > 0);
}

/** "1.5 MB", "820 B": a file's size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO time in the reader's locale and zone, e.g. "Nov 23, 2026, 8:04 PM". */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
