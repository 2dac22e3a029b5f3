import type {
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** One table written by a statement; `columns` are the columns an UPDATE sets (unknown: undefined). */
export interface TableWrite {
  table: string;
  kind: 'insert' | 'update' | 'delete' | 'truncate';
  columns?: string[];
}

type WriteListener = (writes: TableWrite[]) => void;

/**
 * Tells this process, as soon as one of its own statements has run, which tables it wrote. The
 * access cache hears other processes' changes through NOTIFY, which arrives a moment after the
 * commit; a process's own change must count on its very next request (an administrator removes a
 * grant, then the page reloads), so the cache also drops answers when this says so.
 */
export class WriteWatch implements KyselyPlugin {
  private readonly listeners = new Set<WriteListener>();
  private readonly pending = new WeakMap<object, TableWrite[]>();

  subscribe(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size > 0) {
      const writes = writesOf(args.node);
      if (writes.length > 0) this.pending.set(args.queryId, writes);
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const writes = this.pending.get(args.queryId);
    if (writes) for (const listener of this.listeners) listener(writes);
    return Promise.resolve(args.result);
  }
}

const watches = new WeakMap<object, WriteWatch>();

/** Remembers the watch a Kysely instance was built with (createKysely). */
export function registerWriteWatch<T>(db: Kysely<T>, watch: WriteWatch): void {
  watches.set(db, watch);
}

/** The watch of a connection's Kysely instance, when it has one. */
export function writeWatchOf<T>(db: Kysely<T>): WriteWatch | undefined {
  return watches.get(db);
}

function writesOf(node: RootOperationNode): TableWrite[] {
  switch (node.kind) {
    case 'InsertQueryNode':
      return named(node.into, 'insert');
    case 'UpdateQueryNode': {
      const columns = node.updates?.map((u) => identifier(u.column)).filter((c): c is string => c !== undefined);
      return named(node.table, 'update').map((w) => ({ ...w, ...(columns ? { columns } : {}) }));
    }
    case 'DeleteQueryNode':
      return node.from.froms.flatMap((from) => named(from, 'delete'));
    case 'RawNode':
      return rawWrites(node.sqlFragments.join(' '));
    default:
      return [];
  }
}

function named(node: OperationNode | undefined, kind: TableWrite['kind']): TableWrite[] {
  const table = node ? identifier(node) : undefined;
  return table ? [{ table, kind }] : [];
}

/** The name in a TableNode, an AliasNode around one, or a ColumnNode. */
function identifier(node: OperationNode): string | undefined {
  const n = node as {
    kind: string;
    node?: OperationNode;
    table?: { identifier?: { name?: string } };
    column?: { name?: string };
  };
  if (n.kind === 'AliasNode' && n.node) return identifier(n.node);
  if (n.kind === 'TableNode') return n.table?.identifier?.name;
  if (n.kind === 'ColumnNode') return n.column?.name;
  return undefined;
}

const RAW_WRITE = /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Writes in hand-written SQL: an UPDATE's columns are unknown, so it counts as touching them all. */
function rawWrites(text: string): TableWrite[] {
  const writes: TableWrite[] = [];
  for (const match of text.matchAll(RAW_WRITE)) {
    const verb = match[1]!.toLowerCase();
    const kind = verb.startsWith('insert')
      ? 'insert'
      : verb === 'update'
        ? 'update'
        : verb.startsWith('delete')
          ? 'delete'
          : 'truncate';
    writes.push({ table: match[2]!.toLowerCase(), kind });
  }
  return writes;
}
