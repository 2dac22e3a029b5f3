import { sql, type Kysely } from 'kysely';
import pg from 'pg';

/*
 * Least privilege in the database (docs/decisions/0087-database-roles-and-audit-anchor.md).
 * Two roles per database: the OWNER runs migrations and owns every table; the APPLICATION role
 * serves requests and jobs, may read and write the records but not the audit tables (no UPDATE,
 * DELETE or TRUNCATE), is no superuser, and owns nothing it could ALTER (no DISABLE TRIGGER).
 * The embedded server creates both; an external database brings its own (README) and is checked
 * at start by assertApplicationRole.
 */

/** The embedded server's role names. */
export const EMBEDDED_ROLES = { owner: 'hasp_owner', app: 'hasp_app' } as const;

/** Tables the application role may only read and append to. */
export const AUDIT_TABLES = ['audit_log', 'audit_chain_heads'] as const;

/** pg-boss's schema: owned by the application role, which creates its queues' tables at run time. */
const JOBS_SCHEMA = 'pgboss';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates (or resets) the owner and application roles on the embedded server, as its superuser:
 * neither may log in as anything more than itself (no superuser, role creation, replication or
 * row-security bypass).
 */
export async function ensureEmbeddedRoles(superUrl: string, passwords: { owner: string; app: string }): Promise<void> {
  await withClient(superUrl, async (client) => {
    for (const [role, password] of [
      [EMBEDDED_ROLES.owner, passwords.owner],
      [EMBEDDED_ROLES.app, passwords.app],
    ] as const) {
      const found = await client.query('select 1 from pg_roles where rolname = $1', [role]);
      // Two processes racing: the loser's CREATE fails with a duplicate, and its ALTER still runs.
      if (found.rowCount === 0) await client.query(`create role ${ident(role)}`).catch(ignoreDuplicate);
      await client.query(
        `alter role ${ident(role)} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${client.escapeLiteral(password)}`,
      );
    }
  });
}

function ignoreDuplicate(error: unknown): void {
  if ((error as { code?: string }).code !== '42710') throw error;
}

/**
 * Hands an embedded database to the owner role, as the superuser: the database, its public schema
 * and every object in it (a data folder from before the roles existed has them all owned by the
 * superuser); pg-boss's schema goes to the application role. Only the two roles may connect.
 */
export async function adoptEmbeddedDatabase(superUrl: string, database: string): Promise<void> {
  const { owner, app } = EMBEDDED_ROLES;
  await withClient(superUrl, async (client) => {
    await client.query(`alter database ${ident(database)} owner to ${ident(owner)}`);
    await client.query(`revoke all on database ${ident(database)} from public`);
    // CREATE: pg-boss's install states CREATE SCHEMA IF NOT EXISTS, which PostgreSQL checks first.
    await client.query(`grant connect, temporary, create on database ${ident(database)} to ${ident(app)}`);
  });
  const url = new URL(superUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  await withClient(url.toString(), async (client) => {
    await client.query(`alter schema public owner to ${ident(owner)}`);
    await client.query(`create schema if not exists ${JOBS_SCHEMA} authorization ${ident(app)}`);
    await client.query(`alter schema ${JOBS_SCHEMA} owner to ${ident(app)}`);
    await client.query(reassignSchemaObjects('public', owner));
    await client.query(reassignSchemaObjects(JOBS_SCHEMA, app));
  });
}

/** A DO block giving every object of `schema` (except an extension's own) to `role`. */
function reassignSchemaObjects(schema: string, role: string): string {
  const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;
  return `
    do $$
    declare r record;
    begin
      for r in
        select c.oid::regclass as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${lit(schema)} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
           and c.relowner <> ${lit(role)}::regrole
           and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
           -- A serial or identity column's sequence follows its table (and refuses an owner of its own).
           and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                             and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i') and c.relkind = 'S')
      loop
        execute format('alter table %s owner to %I', r.name, ${lit(role)});
      end loop;
      for r in
        select p.oid::regprocedure as name, p.prokind from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = ${lit(schema)} and p.proowner <> ${lit(role)}::regrole
           and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      loop
        execute format('alter routine %s owner to %I', r.name, ${lit(role)});
      end loop;
      for r in
        select t.oid::regtype as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
         where n.nspname = ${lit(schema)} and t.typtype in ('d', 'e', 'r') and t.typowner <> ${lit(role)}::regrole
           and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
      loop
        execute format('alter type %s owner to %I', r.name, ${lit(role)});
      end loop;
    end $$`;
}

/**
 * Gives the application role what it needs after a migration, as the owner: read and write every
 * table, use every sequence, but only read and append the audit tables (the chain triggers that
 * move their heads run as the owner: SECURITY DEFINER).
 */
export async function grantApplicationRole(owner: Kysely<unknown>, appRole: string): Promise<void> {
  const role = sql.id(appRole);
  await sql`grant usage on schema public to ${role}`.execute(owner);
  await sql`grant select, insert, update, delete on all tables in schema public to ${role}`.execute(owner);
  await sql`grant usage, select on all sequences in schema public to ${role}`.execute(owner);
  for (const table of AUDIT_TABLES) {
    await sql`revoke update, delete, truncate, references, trigger on ${sql.table(table)} from ${role}`.execute(owner);
  }
  await sql`revoke insert on audit_chain_heads from ${role}`.execute(owner);
}

/** Why a role must not serve requests, or null when it has only what the application role needs. */
export async function applicationRoleProblem<T>(db: Kysely<T>): Promise<string | null> {
  const { rows } = await sql<{
    role: string;
    superuser: boolean;
    bypassrls: boolean;
    owns_audit: boolean;
    changes_audit: string | null;
    replication_role: boolean;
  }>`
    select r.rolname as role, r.rolsuper as superuser, r.rolbypassrls as bypassrls,
           pg_has_role(current_user, (select relowner from pg_class where oid = 'audit_log'::regclass), 'MEMBER') as owns_audit,
           (select string_agg(t || ' ' || p, ', ')
              from unnest(array['audit_log', 'audit_chain_heads']) t, unnest(array['UPDATE', 'DELETE', 'TRUNCATE']) p
             where has_table_privilege(current_user, t, p)) as changes_audit,
           has_parameter_privilege(current_user, 'session_replication_role', 'SET') as replication_role
      from pg_roles r where r.rolname = current_user
  `.execute(db);
  const row = rows[0];
  if (!row) return 'its role was not found';
  const role = `its database role "${row.role}"`;
  if (row.superuser) return `${role} is a superuser (it could disable the audit trail's triggers)`;
  if (row.owns_audit) return `${role} owns the audit tables (it could disable their triggers)`;
  if (row.changes_audit) return `${role} may change the audit trail (${row.changes_audit})`;
  if (row.replication_role) return `${role} may set session_replication_role (it could skip triggers)`;
  if (row.bypassrls) return `${role} bypasses row security`;
  return null;
}

/**
 * Refuses to serve a connection whose role could rewrite the audit trail, naming the fix.
 * @example await assertApplicationRole(connection.db, 'Plant 2');
 */
export async function assertApplicationRole<T>(db: Kysely<T>, connectionName: string): Promise<void> {
  const problem = await applicationRoleProblem(db);
  if (problem) {
    throw new Error(
      `Connection ${connectionName}: ${problem}. Give the connection an application role as its url and the owner role as its ownerUrl (README, "An external PostgreSQL").`,
    );
  }
}
