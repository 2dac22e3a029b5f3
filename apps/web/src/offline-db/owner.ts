// Apart from db.ts, which imports Dexie: code that only names an owner (the outbox's queue, loaded
// with the signed-in frame) does not bring the database library with it.

/** Whose data a row is: offline items never cross a user, a database (connection) or a facility. */
export interface Owner {
  connectionStringName: string;
  facilityId: number;
  userId: number;
}

/** `<connection>:<facility>:<user>`: the owner part of meta keys (`seq:<owner>`, the next device sequence). */
export const ownerKey = (owner: Owner) => `${owner.connectionStringName}:${owner.facilityId}:${owner.userId}`;
