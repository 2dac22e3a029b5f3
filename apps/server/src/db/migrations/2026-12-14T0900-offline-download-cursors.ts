import { sql, type Kysely } from 'kysely';

/**
 * Incremental offline downloads (decision 0118). A stored copy gets the digest of its text (its
 * flags are markers in it, so the digest is the same for every viewer); copies stored before have
 * none ('') and count as unknown until stored again. A download's cursor records, per permit, the
 * digest of what the device was sent (the copy's digest with that viewer's flags): the next
 * download with that cursor sends only the permits whose digest differs now.
 * Re-runnable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table offline_permit_snapshots add column if not exists digest text not null default '';
    create table if not exists offline_download_cursors (
      id uuid primary key,
      facility_id int not null references facilities (id) on delete cascade,
      user_id int not null references users (id) on delete cascade,
      permit_type_id int not null references permit_types (id) on delete cascade,
      scope text not null,
      digests jsonb not null,
      created_at timestamptz not null default now()
    );
    create index if not exists offline_download_cursors_created_ix on offline_download_cursors (created_at);
    create index if not exists offline_download_cursors_user_ix
      on offline_download_cursors (user_id, permit_type_id, scope, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists offline_download_cursors;
    alter table offline_permit_snapshots drop column if exists digest;
  `.execute(db);
}
