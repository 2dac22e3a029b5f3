import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from './test-app';
import { userId } from './support/offline-fixtures';
import { addUser, groupId } from './support/user-fixtures';
import { putTag } from './support/loto-fixtures';
import { lotoPermit, planPoints } from './support/tag-fixtures';

/**
 * Who may give each tag verb (contracts' tagCommandRoles), as a table: every verb by every role over
 * the real server, answered 200 or 403, and the tag's buttons (`allowedCommands` of the list) say
 * the same. Roles: `contractor` and `worker` (demo groups, they may view LOTO permits but are
 * nobody on this one), the tag's `applier`, the permit's `issuer` and `holder` (each a Contractors
 * member, so the relationship alone lets them), and `supervisor` (demo Supervisors: permit:issue:LOTO,
 * the isolating authority, and the print list). The permit is requested by the admin.
 */
type Role = 'contractor' | 'worker' | 'applier' | 'issuer' | 'holder' | 'supervisor';
type Verb =
  | 'mark-printed'
  | 'apply'
  | 'verify'
  | 'remove'
  | 'void'
  | 'report-missing'
  | 'revoke-link'
  | 'renew-link'
  | 'note'
  | 'reprint';
const roles: Role[] = ['contractor', 'worker', 'applier', 'issuer', 'holder', 'supervisor'];

/** The tag's state before the verb, and who may give it (everyone else: 403). */
const table: { verb: Verb; from: 'planned' | 'printed' | 'applied'; allowed: Role[] }[] = [
  { verb: 'mark-printed', from: 'planned', allowed: ['issuer', 'holder', 'supervisor'] },
  { verb: 'apply', from: 'planned', allowed: ['issuer', 'holder', 'supervisor'] },
  { verb: 'verify', from: 'applied', allowed: ['applier', 'issuer', 'holder', 'supervisor'] },
  { verb: 'remove', from: 'applied', allowed: ['applier'] },
  { verb: 'void', from: 'planned', allowed: ['issuer', 'holder', 'supervisor'] },
  { verb: 'report-missing', from: 'applied', allowed: ['applier', 'issuer', 'holder', 'supervisor'] },
  { verb: 'revoke-link', from: 'applied', allowed: ['applier', 'issuer', 'holder', 'supervisor'] },
  { verb: 'renew-link', from: 'applied', allowed: ['applier', 'issuer', 'holder', 'supervisor'] },
  { verb: 'note', from: 'applied', allowed: ['applier', 'issuer', 'holder', 'supervisor'] },
  // The print list's command: rightnav:print-list as well as viewing the type.
  { verb: 'reprint', from: 'printed', allowed: ['supervisor'] },
];

let t: TestApp;
const tokens = {} as Record<Role | 'admin', string>;
const ids = {} as Record<Role, number>;
const db = () => t.connections[0]!.db;

const tokenOf = async (username: string, password?: string) =>
  (await login(t.app, { username, ...(password && { password }) })).json<{ token: string }>().token;

beforeAll(async () => {
  t = await createTestApp();
  const contractors = await groupId(db(), 1, 'Contractors');
  for (const role of ['applier', 'issuer', 'holder'] as const) {
    ids[role] = await addUser(db(), `tag-${role}`, [1], [contractors]);
    tokens[role] = await tokenOf(`tag-${role}`, `tag-${role}-password`);
  }
  for (const role of ['contractor', 'worker', 'supervisor'] as const) {
    ids[role] = await userId(t, role);
    tokens[role] = await tokenOf(role);
  }
  tokens.admin = await tokenOf('admin');
});
afterAll(async () => t?.close());

/** A permit of the admin's with the issuer and holder named, and a tag on a point of its own in `from`. */
async function tagIn(from: 'planned' | 'printed' | 'applied') {
  const permitId = await lotoPermit(t, tokens.admin, 'Tag verbs permit', ids.holder);
  await db().updateTable('permits').set({ issuer_id: ids.issuer }).where('id', '=', permitId).execute();
  const [point] = await planPoints(db(), permitId, 1);
  const tag = await putTag(db(), permitId, point!, ids.applier, from === 'applied' ? 'applied' : 'planned');
  if (from === 'printed')
    await db().updateTable('tags').set({ state: 'printed', printed_at: new Date() }).where('id', '=', tag.id).execute();
  return { permitId, tagId: tag.id };
}

const give = (role: Role, verb: Verb, permitId: number, tagId: number) =>
  verb === 'reprint'
    ? t.app.inject({
        method: 'POST',
        url: '/api/print-list/reprint',
        headers: { authorization: `Bearer ${tokens[role]}` },
        payload: { kind: 'tag', id: tagId, reason: 'Torn' },
      })
    : t.app.inject({
        method: 'POST',
        url: `/api/permits/${permitId}/tags/commands/${verb}`,
        headers: { authorization: `Bearer ${tokens[role]}` },
        payload: { tagId, reason: 'Table test', note: 'Table test' },
      });

const buttons = async (role: Role, permitId: number, tagId: number) => {
  const list = await t.app.inject({
    url: `/api/permits/${permitId}/tags`,
    headers: { authorization: `Bearer ${tokens[role]}` },
  });
  expect(list.statusCode).toBe(200);
  return list.json<{ ID: number; allowedCommands: string[] }[]>().find((x) => x.ID === tagId)!.allowedCommands;
};

describe('each tag verb by each role: allowed or 403 as the policy says, and the buttons agree', () => {
  for (const { verb, from, allowed } of table) {
    it(`${verb}: only ${allowed.join(', ')}`, async () => {
      const answers: Record<string, number> = {};
      for (const role of roles) {
        const { permitId, tagId } = await tagIn(from);
        const offered = verb === 'reprint' ? null : (await buttons(role, permitId, tagId)).includes(verb);
        const response = await give(role, verb, permitId, tagId);
        answers[role] = response.statusCode;
        if (response.statusCode === 403) expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
        if (offered !== null) expect(offered, `${verb} offered to ${role}`).toBe(allowed.includes(role));
        // A refused verb changed nothing.
        if (response.statusCode !== 200) {
          const row = await db().selectFrom('tags').select('state').where('id', '=', tagId).executeTakeFirstOrThrow();
          expect(row.state).toBe(from);
        }
      }
      expect(answers).toEqual(Object.fromEntries(roles.map((r) => [r, allowed.includes(r) ? 200 : 403])));
    });
  }

  it('names who may, in the refusal', async () => {
    const { permitId, tagId } = await tagIn('applied');
    const refused = await give('contractor', 'report-missing', permitId, tagId);
    expect(refused.json().message).toBe(
      "Report missing: only the person who applied the tag, the permit's issuer, the permit's holder or someone who may issue LOTO permits may do this.",
    );
  });
});
