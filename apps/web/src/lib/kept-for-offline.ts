import { ApiRequestError } from './http';

/**
 * Small answers the signed-in frame needs before any page (the session context, the sidebar's
 * navigation), kept in the browser database's `reference` store for a reload with no network
 * (decision 0062). One row per kind and owner: `<connection>:<facility>:<kind>:<user>`,
 * so a user never sees another's permissions or permit types, nor another facility's.
 */
export interface KeptOwner {
  connectionStringName: string;
  facilityId: number;
  userId: number;
}

export const keptKey = (owner: KeptOwner, kind: string) =>
  `${owner.connectionStringName}:${owner.facilityId}:${kind}:${owner.userId}`;

/** Keeps the answer (best effort: online use goes on when the browser database cannot). */
export async function keepForOffline(owner: KeptOwner, kind: string, data: unknown): Promise<void> {
  try {
    const { browserDatabase } = await import('../offline-db');
    await browserDatabase().reference.put({
      key: keptKey(owner, kind),
      connectionStringName: owner.connectionStringName,
      facilityId: owner.facilityId,
      kind: `${kind}:${owner.userId}`,
      data,
      updatedAt: new Date().toISOString(),
    });
  } catch (error) {
    console.warn(`Could not keep the ${kind} for offline use`, error);
  }
}

/** The kept answer when it still reads as `parse` says, else undefined. */
export async function keptForOffline<T>(
  owner: KeptOwner,
  kind: string,
  parse: (data: unknown) => T | undefined,
): Promise<T | undefined> {
  try {
    const { browserDatabase } = await import('../offline-db');
    const row = await browserDatabase().reference.get(keptKey(owner, kind));
    return row ? parse(row.data) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads through the network and keeps the answer; with no answer at all (no network: a reload
 * offline), the kept one. A server's refusal (an ApiRequestError) is an answer and is not replaced
 * by an old copy: the permissions it reflects may have been taken away.
 */
export async function readKeepingForOffline<T>(
  owner: KeptOwner | null,
  kind: string,
  read: () => Promise<T>,
  parse: (data: unknown) => T | undefined,
): Promise<T> {
  try {
    const answer = await read();
    if (owner) void keepForOffline(owner, kind, answer);
    return answer;
  } catch (error) {
    if (error instanceof ApiRequestError || !owner) throw error;
    const kept = await keptForOffline(owner, kind, parse);
    if (kept === undefined) throw error;
    return kept;
  }
}
