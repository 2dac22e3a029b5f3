import {
  facilitySchema,
  localKeys,
  sessionKeys,
  userSchema,
  type Facility,
  type LoginResult,
  type SessionKey,
  type User,
} from '@hasp/contracts';
import * as z from 'zod/mini';

/** What the seed keeps in session storage about the signed-in user (never the tokens). */
export interface StoredSession {
  connectionStringName: string;
  facility: Facility;
  facilityId: number;
  facilityName: string;
  user: User;
  loggedInViaSSO: boolean;
}

/** The connection and facility the last sign-in on this browser used, to preselect them. */
export interface LastLogin {
  connectionStringName: string | null;
  facilityId: number | null;
}

/** Web storage can be missing or throw (privacy modes, disabled cookies): treat that as empty. */
function storage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function read(kind: 'sessionStorage' | 'localStorage', key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'sessionStorage' | 'localStorage', key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not save "${key}" in ${kind}`, error);
  }
}

/** Parses a JSON value from storage; a value that does not parse is logged and ignored, never thrown. */
export function parseStoredJson<T>(key: string, raw: string | null, schema: z.ZodMiniType<T>): T | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    console.error(`Ignoring stored "${key}": not valid JSON`, error);
    return null;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    console.error(`Ignoring stored "${key}": unexpected shape`, parsed.error.issues);
    return null;
  }
  return parsed.data;
}

/** Parses a stored positive integer id; anything else is logged and ignored. */
export function parseStoredId(key: string, raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) {
    console.error(`Ignoring stored "${key}": not an id`, raw);
    return null;
  }
  return id;
}

/** Writes the seed's session keys after a sign-in or a session restore. */
export function writeSessionKeys(result: LoginResult, options: { loggedInViaSSO?: boolean } = {}): void {
  const values: Record<SessionKey, string> = {
    connectionStringName: result.connectionStringName,
    facility: JSON.stringify(result.facility),
    facilityId: String(result.facility.ID),
    facilityName: result.facility.name,
    user: JSON.stringify(result.user),
    loggedInViaSSO: String(options.loggedInViaSSO ?? false),
    // Kept when already set: the layout owns the titles and the top bar once it exists.
    pageTitle: read('sessionStorage', 'pageTitle') ?? '',
    childPageTitle: read('sessionStorage', 'childPageTitle') ?? '',
    showTopbar: read('sessionStorage', 'showTopbar') ?? 'true',
  };
  for (const key of sessionKeys) write('sessionStorage', key, values[key]);
}

/** Reads the session keys back; null when absent or unreadable (the reason is logged). */
export function readStoredSession(): StoredSession | null {
  const user = parseStoredJson('user', read('sessionStorage', 'user'), userSchema);
  const facility = parseStoredJson('facility', read('sessionStorage', 'facility'), facilitySchema);
  const connectionStringName = read('sessionStorage', 'connectionStringName');
  if (!user || !facility || !connectionStringName) return null;
  return {
    connectionStringName,
    facility,
    facilityId: parseStoredId('facilityId', read('sessionStorage', 'facilityId')) ?? facility.ID,
    facilityName: read('sessionStorage', 'facilityName') ?? facility.name,
    user,
    loggedInViaSSO: readLoggedInViaSSO(),
  };
}

/** Whether the stored session (if any) was signed in through single sign-on. */
export function readLoggedInViaSSO(): boolean {
  return read('sessionStorage', 'loggedInViaSSO') === 'true';
}

/** Set when an SSO session ends, so the login screen does not send the user straight back to the IdP. */
const LOGGED_OUT_KEY = 'hasp.loggedOut';

export function readLoggedOutFlag(): boolean {
  return read('sessionStorage', LOGGED_OUT_KEY) === 'true';
}

export function writeLoggedOutFlag(loggedOut: boolean): void {
  try {
    if (loggedOut) storage('sessionStorage')?.setItem(LOGGED_OUT_KEY, 'true');
    else storage('sessionStorage')?.removeItem(LOGGED_OUT_KEY);
  } catch {
    // Without storage the login screen simply goes to the IdP again.
  }
}

/** Removes every session key (sign-out); the local-storage preselection stays. */
export function clearSessionKeys(): void {
  for (const key of sessionKeys) {
    try {
      storage('sessionStorage')?.removeItem(key);
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  }
}

export function readLastLogin(): LastLogin {
  return {
    connectionStringName: read('localStorage', localKeys.lastConnectionStringName) || null,
    facilityId: parseStoredId(localKeys.lastFacilityId, read('localStorage', localKeys.lastFacilityId)),
  };
}

export function writeLastLogin(connectionStringName: string, facilityId: number): void {
  write('localStorage', localKeys.lastConnectionStringName, connectionStringName);
  write('localStorage', localKeys.lastFacilityId, String(facilityId));
}

/** Someone's changes waiting in this device's outbox: the login screen names them after a restart. */
export interface WaitingChanges {
  connectionStringName: string;
  facilityId: number;
  userId: number;
  userName: string;
  displayName: string;
  count: number;
}

/**
 * Hasp's own local-storage key, beside the seed's two (localKeys): whose changes wait in this
 * device's outbox, and how many.
 */
const WAITING_CHANGES_KEY = 'haspWaitingChanges';

const waitingChangesSchema = z.array(
  z.object({
    connectionStringName: z.string(),
    facilityId: z.number(),
    userId: z.number(),
    userName: z.string(),
    displayName: z.string(),
    count: z.number(),
  }),
);

/** Everyone's waiting changes on this device, as the outbox last counted them. */
export function readWaitingChanges(): WaitingChanges[] {
  return parseStoredJson(WAITING_CHANGES_KEY, read('localStorage', WAITING_CHANGES_KEY), waitingChangesSchema) ?? [];
}

/**
 * Keeps the count of one person's waiting changes (none: forgotten). A mirror of the outbox kept in
 * web storage, so the login screen can say it without opening the browser database.
 */
export function writeWaitingChanges(entry: WaitingChanges): void {
  const same = (e: WaitingChanges) =>
    e.connectionStringName === entry.connectionStringName &&
    e.facilityId === entry.facilityId &&
    e.userId === entry.userId;
  const others = readWaitingChanges().filter((e) => !same(e));
  write('localStorage', WAITING_CHANGES_KEY, JSON.stringify(entry.count > 0 ? [...others, entry] : others));
}
