import { sql, type Kysely } from 'kysely';

/**
 * Notification templates: each facility's wording, channels and recipients of each
 * event (contracts' notificationEvents; an event without a row uses the default), the e-mails sent
 * from them (one row per recipient and event, its delivery state kept for administrators), and the
 * events each user switched off for themselves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_templates (
      facility_id int not null references facilities(id),
      event text not null,
      channels text[] not null,
      recipients text[] not null,
      group_ids int[] not null default '{}',
      texts jsonb not null,
      version int not null default 1,
      updated_by int references users(id),
      updated_at timestamptz not null default now(),
      primary key (facility_id, event)
    );
    create table notification_emails (
      id bigserial primary key,
      facility_id int not null references facilities(id),
      source text not null,
      event text not null,
      user_id int not null references users(id),
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text not null,
      state text not null default 'queued' check (state in ('queued', 'sent', 'failed')),
      error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      unique (source, user_id)
    );
    create index notification_emails_facility on notification_emails (facility_id, id desc);
    create index notification_emails_queued on notification_emails (created_at) where state = 'queued';
    create table notification_opt_outs (
      user_id int not null references users(id),
      event text not null,
      primary key (user_id, event)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table notification_opt_outs;
    drop table notification_emails;
    drop table notification_templates;
  `.execute(db);
}
