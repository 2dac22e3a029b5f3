import type { ChangeHandler, ChangeListeners } from '../db/change-listener';
import type { Connection } from '../db/connections';
import { writeWatchOf, type TableWrite } from '../db/write-watch';
import { listConnectionGrants, listFeatureSwitches, listUserPermissions } from '../platform/access/permission-lists';
import { findSessionUser, type SessionUser } from './auth';

/** Sign-ins that may have ended (see the session-ended-notify migration): `{userId}` or `{facilityId}`. */
export const SESSION_CHANNEL = 'hasp_session';
/** Grants, group membership or security lists changed (see the access-changed-notify migration). */
export const ACCESS_CHANNEL = 'hasp_access';

/**
 * Entries are dropped by NOTIFY, never by age; the age limit only bounds the harm of a change no
 * trigger announces (a table added later whose trigger was forgotten).
 */
const MAX_AGE_MS = 60_000;
/** Per connection and kind; past it the kind is emptied (simpler than LRU, and rare). */
const MAX_ENTRIES = 20_000;

/**
 * This process's own writes that change an answer (the same changes the triggers announce): any
 * write to these tables, or an update or delete of these columns. Inserts into the sign-in tables
 * only make a refused sign-in valid, and refusals are not cached; an (e)(3) removal recorded
 * (insert) or acknowledged holds or releases its applier (see findSessionUser).
 */
const accessTables = new Set([
  'user_groups',
  'group_permissions',
  'connection_grants',
  'facility_security_settings',
  'abandoned_removals',
]);
const sessionColumns: Record<string, string[]> = {
  users: ['is_active', 'must_change_password'],
  facilities: ['is_active'],
  refresh_tokens: ['revoked_at'],
  user_facilities: ['user_id', 'facility_id'],
  groups: ['facility_id'],
};

function changesAccess(write: TableWrite): boolean {
  if (accessTables.has(write.table) || write.kind === 'truncate') return true;
  const columns = sessionColumns[write.table];
  if (!columns || write.kind === 'insert') return false;
  return write.kind === 'delete' || !write.columns || write.columns.some((c) => columns.includes(c));
}

interface Entry<T> {
  value: Promise<T>;
  at: number;
  userId?: number;
  facilityId: number;
}

interface ConnectionState {
  /** True only while LISTEN is in place: otherwise every answer comes from the database. */
  listening: boolean;
  sessions: Map<string, Entry<SessionUser | undefined>>;
  permissions: Map<string, Entry<Set<string>>>;
  features: Map<number, Entry<Map<string, boolean>>>;
}

type Scope = { userId: number; facilityId: number };

/**
 * The per-request access checks (is the sign-in still valid, what may the caller do, which
 * right-nav features the facility has on), answered from this process's memory and dropped when
 * any process commits a change to what they were read from: triggers NOTIFY at commit and the
 * connection's LISTEN client (ChangeListeners) hears it. While that client is not listening
 * (starting, lost, reconnecting) nothing is cached and every check reads the database, so a lost
 * client never serves a stale answer. See docs/decisions/0024-per-process-session-cache.md.
 */
export class AccessCache implements ChangeHandler {
  private readonly states = new Map<string, ConnectionState>();

  constructor(
    private readonly listeners: ChangeListeners,
    private readonly now: () => number = Date.now,
  ) {
    listeners.addHandler(this);
  }

  /** The sign-in's user while the sign-in is valid (findSessionUser); an ended one is never cached. */
  sessionCheck = (
    connection: Connection,
    session: { userId: number; facilityId: number; sessionId: string },
  ): Promise<SessionUser | undefined> =>
    this.cached(
      connection,
      (s) => s.sessions,
      `${session.userId}:${session.facilityId}:${session.sessionId}`,
      { userId: session.userId, facilityId: session.facilityId },
      () => findSessionUser(connection.db, session),
      (user) => user !== undefined,
    );

  /** The user's permissions in the facility: their groups' grants there and their connection grants. */
  permissions(connection: Connection, caller: Scope): Promise<Set<string>> {
    const scope = { userId: caller.userId, facilityId: caller.facilityId };
    return this.cached(
      connection,
      (s) => s.permissions,
      `${scope.userId}:${scope.facilityId}`,
      scope,
      async () => {
        const [facility, granted] = await Promise.all([
          listUserPermissions(connection.db, scope),
          listConnectionGrants(connection.db, scope.userId),
        ]);
        return new Set([...facility, ...granted]);
      },
    );
  }

  /** Whether the facility switches a right-nav feature on; a feature with no row is off. */
  async featureEnabled(connection: Connection, facilityId: number, feature: string): Promise<boolean> {
    const switches = await this.cached(
      connection,
      (s) => s.features,
      facilityId,
      { facilityId },
      () => listFeatureSwitches(connection.db, facilityId),
    );
    return switches.get(feature) === true;
  }

  /** Whether answers for the connection are cached now (only while its LISTEN client listens). */
  isCaching(connectionName: string): boolean {
    return this.states.get(connectionName)?.listening === true;
  }

  /** How many answers are held (tests). */
  size(connectionName: string): number {
    const state = this.states.get(connectionName);
    return state ? state.sessions.size + state.permissions.size + state.features.size : 0;
  }

  listening(connection: Connection): void {
    // Whatever changed before LISTEN was in place was not heard: start empty.
    const state = this.stateOf(connection);
    clear(state);
    state.listening = true;
  }

  lost(connection: Connection): void {
    const state = this.stateOf(connection);
    state.listening = false;
    clear(state);
  }

  notify(connection: Connection, channel: string, payload: string): void {
    if (channel !== SESSION_CHANNEL && channel !== ACCESS_CHANNEL) return;
    const state = this.stateOf(connection);
    let target: { userId?: unknown; facilityId?: unknown };
    try {
      target = JSON.parse(payload) as typeof target;
    } catch {
      target = {};
    }
    const userId = typeof target.userId === 'number' ? target.userId : undefined;
    const facilityId = typeof target.facilityId === 'number' ? target.facilityId : undefined;
    // A payload naming no one (a group's grants changed, a row without a key) drops everything.
    const matches = (entry: Entry<unknown>) =>
      (userId === undefined && facilityId === undefined) ||
      (userId !== undefined && entry.userId === userId) ||
      (facilityId !== undefined && entry.facilityId === facilityId);
    for (const map of [state.sessions, state.permissions, state.features] as Map<unknown, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (matches(entry)) map.delete(key);
    }
  }

  private stateOf(connection: Connection): ConnectionState {
    let state = this.states.get(connection.name);
    if (!state) {
      const created: ConnectionState = {
        listening: false,
        sessions: new Map(),
        permissions: new Map(),
        features: new Map(),
      };
      this.states.set(connection.name, created);
      // Own writes count at once (the NOTIFY follows a moment later and drops them again, harmlessly).
      writeWatchOf(connection.db)?.subscribe((writes) => {
        if (writes.some(changesAccess)) clear(created);
      });
      state = created;
    }
    return state;
  }

  private cached<K, T>(
    connection: Connection,
    mapOf: (state: ConnectionState) => Map<K, Entry<T>>,
    key: K,
    tags: { userId?: number; facilityId: number },
    load: () => Promise<T>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const state = this.stateOf(connection);
    if (!state.listening) {
      // Start (or wait out the reconnect of) the LISTEN client; until it listens, ask the database.
      void this.listeners.ensure(connection);
      return load();
    }
    const map = mapOf(state);
    const now = this.now();
    const hit = map.get(key);
    if (hit && now - hit.at < MAX_AGE_MS) return hit.value;
    if (map.size >= MAX_ENTRIES) map.clear();
    // The pending load is stored at once: a NOTIFY that arrives while it runs deletes it, so an
    // answer read before a change committed is never kept past that change's notification.
    const entry: Entry<T> = { value: load(), at: now, ...tags };
    map.set(key, entry);
    const forget = () => {
      if (map.get(key) === entry) map.delete(key);
    };
    entry.value.then((value) => {
      if (!keep(value)) forget();
    }, forget);
    return entry.value;
  }
}

function clear(state: ConnectionState): void {
  state.sessions.clear();
  state.permissions.clear();
  state.features.clear();
}
