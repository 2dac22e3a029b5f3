import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';

export type StorageKind = 'database' | 'folder';
export type AttachmentPart = 'content' | 'thumbnail';

/** Where an attachment's bytes are: one small interface, a database and a folder behind it (decision 0052). */
export interface AttachmentStorage {
  readonly kind: StorageKind;
  /** Stores the bytes of a new attachment row (inside its command's transaction). */
  write(
    trx: Transaction<Database>,
    connection: string,
    id: number,
    content: Buffer,
    thumbnail: Buffer | null,
  ): Promise<void>;
  /** The stored bytes, or undefined when there are none (no thumbnail). */
  read(db: Db, connection: string, id: number, part: AttachmentPart): Promise<Buffer | undefined>;
}

/** In PostgreSQL (`permit_attachment_blobs`): one backup holds everything; the default. */
export const databaseStorage: AttachmentStorage = {
  kind: 'database',
  async write(trx, _connection, id, content, thumbnail) {
    await trx.insertInto('permit_attachment_blobs').values({ attachment_id: id, content, thumbnail }).execute();
  },
  async read(db, _connection, id, part) {
    const row = await db
      .selectFrom('permit_attachment_blobs')
      .select(part === 'content' ? 'content as bytes' : 'thumbnail as bytes')
      .where('attachment_id', '=', id)
      .executeTakeFirst();
    return row?.bytes ?? undefined;
  },
};

/**
 * A connection's subfolder: its name made safe, plus a hash of it (names differ only in case or
 * in characters the safe form replaces, so the hash keeps them apart).
 */
function connectionFolder(root: string, connection: string): string {
  const safe = connection.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
  const hash = createHash('sha256').update(connection.toLowerCase()).digest('hex').slice(0, 8);
  return path.join(root, `${safe}-${hash}`);
}

/**
 * In a folder: `<root>/<connection>/<id>` and `<id>.thumb`, named by the row's id (never by the
 * user's file name, so no name can reach outside the folder). Written to a temporary name and
 * renamed, so a reader never sees half a file. If the transaction then fails, the file stays
 * behind unreferenced (ids are never reused, so nothing can ever point at it).
 */
export function folderStorage(root: string): AttachmentStorage {
  const file = (connection: string, id: number, part: AttachmentPart) =>
    path.join(connectionFolder(root, connection), part === 'content' ? String(id) : `${id}.thumb`);
  const put = async (target: string, bytes: Buffer) => {
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes, { flag: 'wx', mode: 0o640 });
    await rename(temporary, target);
  };
  return {
    kind: 'folder',
    async write(_trx, connection, id, content, thumbnail) {
      await mkdir(connectionFolder(root, connection), { recursive: true, mode: 0o750 });
      await put(file(connection, id, 'content'), content);
      if (thumbnail) await put(file(connection, id, 'thumbnail'), thumbnail);
    },
    async read(_db, connection, id, part) {
      try {
        return await readFile(file(connection, id, part));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/** The storages of this server: new files go to `current`; each row is read from the storage it names. */
export interface AttachmentStorages {
  current: AttachmentStorage;
  of(kind: StorageKind): AttachmentStorage;
}

/** From the configuration: a folder when `HASP_ATTACHMENTS_DIR` is set, else the database. */
export function attachmentStorages(folder: string): AttachmentStorages {
  const inFolder = folder ? folderStorage(path.resolve(folder)) : null;
  return {
    current: inFolder ?? databaseStorage,
    of(kind) {
      if (kind === 'database') return databaseStorage;
      if (!inFolder) throw new Error('An attachment is stored in a folder, but HASP_ATTACHMENTS_DIR is not set');
      return inFolder;
    },
  };
}
