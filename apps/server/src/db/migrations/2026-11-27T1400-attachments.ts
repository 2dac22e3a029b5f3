import { sql, type Kysely } from 'kysely';

/**
 * Attachments on permits (decision 0052). A row per file, never deleted (a removal
 * records who, when and why, and the bytes stay for audit). The bytes live where `storage` says: in
 * `permit_attachment_blobs` (the database) or in the configured folder as files named by the row's id.
 * `sha256` is the hash of the bytes as uploaded (the idempotency fingerprint; never shown).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table permit_attachments (
      id serial primary key,
      facility_id integer not null references facilities(id),
      permit_id integer not null,
      kind text not null check (kind in ('photo', 'document')),
      content_type text not null
        check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
      display_name text not null check (length(display_name) between 1 and 120),
      byte_size integer not null check (byte_size > 0),
      width integer,
      height integer,
      has_thumbnail boolean not null,
      storage text not null check (storage in ('database', 'folder')),
      sha256 text not null,
      attached_by integer not null references users(id),
      attached_at timestamptz not null,
      removed_by integer references users(id),
      removed_at timestamptz,
      remove_reason text,
      version integer not null default 1,
      constraint permit_attachments_permit_fk foreign key (facility_id, permit_id) references permits(facility_id, id),
      constraint permit_attachments_removed_ck check (
        (removed_at is null and removed_by is null and remove_reason is null)
        or (removed_at is not null and removed_by is not null and remove_reason is not null))
    );
    create index permit_attachments_permit_ix on permit_attachments (facility_id, permit_id, id desc);

    create table permit_attachment_blobs (
      attachment_id integer primary key references permit_attachments(id),
      content bytea not null,
      thumbnail bytea
    );
    -- Large files: stored out of line and not compressed again (photos and PDFs are compressed already).
    alter table permit_attachment_blobs alter column content set storage external;

    create trigger permit_attachments_no_delete before delete on permit_attachments
      for each row execute function hasp_refuse_delete();
    create trigger permit_attachments_no_truncate before truncate on permit_attachments
      for each statement execute function hasp_refuse_delete();
    create trigger permit_attachment_blobs_no_delete before delete on permit_attachment_blobs
      for each row execute function hasp_refuse_delete();
    create trigger permit_attachment_blobs_no_truncate before truncate on permit_attachment_blobs
      for each statement execute function hasp_refuse_delete();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table permit_attachment_blobs; drop table permit_attachments;`.execute(db);
}
