import { z } from 'zod';
import { userImportColumns, type UserImportProblem, type UserImportResult, type UserImportRow } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { defineCommand, type CommandRun } from '../../platform';
import {
  facilityUsersTarget,
  findManagedUser,
  replaceFacilities,
  replaceFacilityGroups,
  type FacilityScope,
  type Caller,
  type FacilityUsersState,
  listAdministeredFacilities,
  listUngrantableGroups,
  reachRefusals,
  ungrantableGroupMessage,
} from '../user-manage';
import { startsLikeFormula } from '../spreadsheet';
import { readUserCsv } from './user-csv';
import { findUsersByName, listAllFacilities, listFacilityGroups } from './user-management.repository';
import { userManagementPolicy } from './user-management.policy';

const MAX_ROWS = 5000;
export const IMPORT_NOTE =
  'New users have no password yet: reset their password in Security › User Manage to hand each a one-time password.';
const emailSchema = z.email().max(320);
const booleans: Record<string, boolean> = {
  '': false,
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

interface PlannedRow extends UserImportRow {
  userId: number | null;
  groupIds: number[];
  facilityIds: number[];
}

const splitList = (value: string) =>
  value
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

/** Reads and checks every row; nothing is written here. */
async function planImport(db: Db, caller: Caller, csv: string) {
  const problems: UserImportProblem[] = [];
  const parsed = await readUserCsv(csv);
  if ('error' in parsed) {
    problems.push({ row: parsed.error.line, column: '', value: '', message: parsed.error.message });
    return { problems, rows: [] };
  }
  const [header, ...records] = parsed.records;
  if (!header) {
    problems.push({ row: 1, column: '', value: '', message: `The file is empty; its first row names the columns` });
    return { problems, rows: [] };
  }
  const names = header.cells.map((c) => c.trim());
  const expected: readonly string[] = userImportColumns;
  names.forEach((name, index) => {
    if (!expected.includes(name)) {
      problems.push({ row: 1, column: name, value: name, message: `Unknown column; use ${expected.join(',')}` });
    } else if (names.indexOf(name) !== index) {
      problems.push({ row: 1, column: name, value: name, message: 'This column appears twice' });
    }
  });
  for (const column of expected) {
    if (!names.includes(column)) problems.push({ row: 1, column, value: '', message: 'Missing column' });
  }
  if (problems.length) return { problems, rows: [] };
  if (records.length === 0) {
    problems.push({ row: 2, column: '', value: '', message: 'The file has no user rows' });
    return { problems, rows: [] };
  }
  if (records.length > MAX_ROWS) {
    problems.push({ row: MAX_ROWS + 2, column: '', value: '', message: `Import at most ${MAX_ROWS} users at a time` });
    return { problems, rows: [] };
  }

  const [groups, facilities] = await Promise.all([listFacilityGroups(db, caller), listAllFacilities(db)]);
  const groupByName = new Map(groups.map((g) => [g.name.toLowerCase(), g.id]));
  // The import hands out groups and facilities like User Manage does, under the same rules.
  const [ungrantable, administered] = await Promise.all([
    listUngrantableGroups(
      db,
      caller,
      groups.map((g) => g.id),
    ).then((list) => new Map(list.map((g) => [g.id, g]))),
    listAdministeredFacilities(db, caller.userId),
  ]);
  const facilityByName = new Map(facilities.filter((f) => f.is_active).map((f) => [f.name.toLowerCase(), f.id]));
  const userNameIndex = names.indexOf('userName');
  const existing = await findUsersByName(db, records.map((r) => (r.cells[userNameIndex] ?? '').trim()).filter(Boolean));
  const existingByName = new Map(existing.map((u) => [u.user_name.toLowerCase(), u]));
  // A row switching an existing account to or from the directory hands its sign-in over.
  const adIndex = names.indexOf('isActiveDirectoryUser');
  const signIn = new Set(
    records.flatMap(({ cells }) => {
      const found = existingByName.get((cells[userNameIndex] ?? '').trim().toLowerCase());
      const ad = booleans[(cells[adIndex] ?? '').trim().toLowerCase()];
      return found && ad !== undefined && ad !== found.is_active_directory_user ? [found.id] : [];
    }),
  );
  // An update rewrites the whole account: only for a user wholly within the caller's reach.
  const refusals = await reachRefusals(
    db,
    caller,
    existing
      .filter((u) => u.id !== caller.userId && (u.facility_ids ?? []).includes(caller.facilityId))
      .map((u) => u.id),
    { administered, signIn },
  );
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = [];

  for (const record of records) {
    const row = record.line;
    const before = problems.length;
    const problem = (column: string, value: string, message: string) => problems.push({ row, column, value, message });
    if (record.cells.length !== names.length) {
      problem('', '', `This row has ${record.cells.length} cells; the header has ${names.length}`);
      continue;
    }
    const cell: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = record.cells[i]!.trim();
      if (startsLikeFormula(value)) {
        // Spreadsheets run such cells as formulas when the data is exported again.
        problem(
          name,
          value,
          `The cell ${name} of row ${row} starts with ${value[0]}: values starting with =, +, - or @ are refused`,
        );
        cell[name] = '';
      } else cell[name] = value;
    });
    const formulaCells = new Set(problems.slice(before).map((p) => p.column));
    const check = (column: string, test: () => void) => {
      if (!formulaCells.has(column)) test();
    };

    const userName = cell.userName!;
    let userId: number | null = null;
    check('userName', () => {
      if (!userName) return problem('userName', userName, 'User name is required');
      if (/\s/.test(userName)) return problem('userName', userName, 'A user name has no spaces');
      if (userName.length > 100) return problem('userName', userName, 'Use at most 100 characters');
      const key = userName.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) return problem('userName', userName, `This user name is already in row ${first}`);
      seen.set(key, row);
      const found = existingByName.get(key);
      if (!found) return;
      if (found.id === caller.userId) {
        return problem('userName', userName, 'You cannot change your own account; ask another administrator');
      }
      if (!(found.facility_ids ?? []).includes(caller.facilityId)) {
        return problem('userName', userName, 'This user name belongs to a user of another facility');
      }
      const refusal = refusals.get(found.id);
      if (refusal) problem('userName', userName, refusal);
      userId = found.id;
    });
    const displayName = cell.displayName!;
    check('displayName', () => {
      if (!displayName) problem('displayName', displayName, 'Name is required');
      else if (displayName.length > 200) problem('displayName', displayName, 'Use at most 200 characters');
    });
    const email = cell.email!;
    check('email', () => {
      if (email && !emailSchema.safeParse(email).success) problem('email', email, 'Enter a valid e-mail address');
    });
    const groupNames = splitList(cell.groups!);
    const groupIds: number[] = [];
    check('groups', () => {
      for (const name of groupNames) {
        const id = groupByName.get(name.toLowerCase());
        const refused = id === undefined ? undefined : ungrantable.get(id);
        if (id === undefined) problem('groups', name, `No group of this facility is named "${name}"`);
        else if (refused) problem('groups', name, ungrantableGroupMessage(refused));
        else groupIds.push(id);
      }
    });
    const facilityNames = splitList(cell.facilities!);
    const facilityIds = [caller.facilityId];
    check('facilities', () => {
      for (const name of facilityNames) {
        const id = facilityByName.get(name.toLowerCase());
        if (id === undefined) problem('facilities', name, `No active facility is named "${name}"`);
        else if (!administered.has(id)) {
          problem('facilities', name, `You cannot give access to ${name}: you do not administer its users`);
        } else facilityIds.push(id);
      }
    });
    const ad = cell.isActiveDirectoryUser!;
    const isActiveDirectoryUser = booleans[ad.toLowerCase()];
    check('isActiveDirectoryUser', () => {
      if (isActiveDirectoryUser === undefined) problem('isActiveDirectoryUser', ad, 'Use true or false');
    });
    if (problems.length > before) continue;
    rows.push({
      row,
      change: userId === null ? 'create' : 'update',
      userName,
      displayName,
      email: email || null,
      groups: groupNames,
      facilities: facilityNames,
      isActiveDirectoryUser: isActiveDirectoryUser!,
      userId,
      groupIds: [...new Set(groupIds)],
      facilityIds: [...new Set(facilityIds)].sort((a, b) => a - b),
    });
  }
  return { problems, rows };
}

const auditView = async (db: Db, scope: FacilityScope, id: number) => {
  const user = await findManagedUser(db, scope, id);
  return (
    user && {
      userName: user.userName,
      displayName: user.displayName,
      email: user.email,
      isActiveDirectoryUser: user.isActiveDirectoryUser,
      isActive: user.isActive,
      groupIDs: user.groups.map((g) => g.ID),
      facilityIDs: user.facilityIDs,
    }
  );
};

/** The import's report for a file (rows planned, problems found) without `imported`. */
async function importReport(db: Db, caller: Caller, csv: string, dryRun: boolean) {
  const { problems, rows } = await planImport(db, caller, csv);
  const created = rows.filter((r) => r.change === 'create').length;
  const result = {
    valid: problems.length === 0,
    dryRun,
    problems,
    rows: rows.map(({ userId: _u, groupIds: _g, facilityIds: _f, ...row }) => row),
    created,
    updated: rows.length - created,
    note: IMPORT_NOTE,
  };
  return { result, problems, rows };
}

/** A dry run of the CSV import: every row checked, the report answered, nothing written (no command). */
export async function previewUserImport(db: Db, caller: Caller, csv: string): Promise<UserImportResult> {
  const { result } = await importReport(db, caller, csv, true);
  return { ...result, imported: false };
}

/**
 * The CSV import: every row is checked first, in the command's transaction under the users' lock
 * (a sign-in name checked free stays free); any bad row means a row-by-row report and nothing
 * written. Otherwise new users are created and existing ones (by user name) updated, all in this
 * one command, each audited. A whole file is one command: one key, one event.
 */
export const importUsers = defineCommand({
  name: 'user.import',
  target: facilityUsersTarget,
  policy: userManagementPolicy['user.import'],
  apply: (run: CommandRun<{ csv: string }, FacilityUsersState>) => applyImport(run),
});

async function applyImport(run: CommandRun<{ csv: string }, FacilityUsersState>): Promise<UserImportResult> {
  const { trx } = run;
  const caller = run.ctx.actor;
  const { result, problems, rows } = await importReport(trx, caller, run.input.csv, false);
  if (problems.length) {
    // A refused file changes nothing: no audit row, no event (its report is the answer).
    run.unchanged();
    return { ...result, imported: false };
  }
  for (const row of rows) {
    const values = {
      display_name: row.displayName,
      email: row.email,
      is_active_directory_user: row.isActiveDirectoryUser,
    };
    let id = row.userId;
    const before = id === null ? null : await auditView(trx, caller, id);
    if (id === null) {
      ({ id } = await trx
        .insertInto('users')
        .values({ ...values, user_name: row.userName, password_hash: null })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      await trx
        .updateTable('users')
        .set({
          ...values,
          // A directory user has no local password.
          ...(row.isActiveDirectoryUser ? { password_hash: null, must_change_password: false } : {}),
        })
        .where('id', '=', id)
        .execute();
    }
    await replaceFacilities(trx, id, row.facilityIds);
    await replaceFacilityGroups(trx, caller, id, row.groupIds);
    run.audit({
      action: row.change === 'create' ? 'user.create' : 'user.update',
      entityType: 'user',
      entityId: id,
      before,
      after: { ...(await auditView(trx, caller, id)), source: 'csv import' },
    });
  }
  if (!rows.length) run.unchanged();
  else {
    run.event({
      name: 'users.imported',
      entityType: 'facility',
      entityId: caller.facilityId,
      payload: { created: result.created, updated: result.updated },
    });
  }
  return { ...result, imported: true };
}
