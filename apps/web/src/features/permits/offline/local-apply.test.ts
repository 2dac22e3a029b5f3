import { describe, expect, it } from 'vitest';
import type { IsolationPlan } from '@hasp/contracts';
import { baseVersionOf, localAlias, type LocalActor } from '../../../lib/offline-apply';
import { now, names, issuer, requester, permitOf, offline, sealed } from '../../../test/offline-permit-fixtures';
import { applyPermitCommand, offlinePermitCommands, provisionalNumber } from './local-apply';
import { draftPermit } from './create-offline';
import { permitPageId } from './page-id';

describe('the lifecycle applied on the device', () => {
  it('moves the status by the state machine, keeps the server version and offers only queueable commands', () => {
    const result = applyPermitCommand(offline(), 'isolate', {}, issuer, names, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.permit.status).toBe('isolated');
    // The version stays the downloaded one: the server accepts the device's chain from it.
    expect(result.data.permit.version).toBe(7);
    expect(result.data.permit.allowedCommands).toEqual(['issue', 'de-isolate']);
    // The plan follows the permit's status.
    expect((result.data.sections['isolation-plan'] as IsolationPlan).permitStatus).toBe('isolated');
  });

  it('refuses what the state machine refuses, with its reason', () => {
    const result = applyPermitCommand(offline(permitOf({ status: 'draft' })), 'isolate', {}, issuer, names, now);
    expect(result).toMatchObject({ ok: false, status: 409 });
    if (!result.ok) expect(result.reason).toMatch(/Draft cannot be given the command "Isolate"/);
  });

  it('never approves offline: a signature needs the network', () => {
    const data = offline(permitOf({ status: 'requested', approvals: [] }));
    const result = applyPermitCommand(data, 'approve', { password: 'x' }, issuer, names, now);
    expect(result).toMatchObject({ ok: false, status: 409 });
    if (!result.ok) expect(result.reason).toMatch(/Approving needs the network/);
    expect(offlinePermitCommands(data.permit, issuer, now)).not.toContain('approve');
  });

  it("never rejects offline: the approvals it clears and the notice are the server's", () => {
    const data = offline(permitOf({ status: 'requested', approvals: [] }));
    const result = applyPermitCommand(data, 'reject', { reasonId: 3 }, issuer, names, now);
    expect(result).toMatchObject({ ok: false, status: 409 });
    if (!result.ok) expect(result.reason).toMatch(/^Rejecting needs the network/);
    expect(offlinePermitCommands(data.permit, issuer, now)).not.toContain('reject');
  });

  it('applies an edit through the REST body schema, and refuses an invalid one', () => {
    const data = offline(permitOf({ status: 'draft', approvals: [] }));
    const body = {
      title: '  Pump 3 seal, both sides ',
      description: 'd',
      workMethod: 'w',
      areaId: null,
      assetIds: [],
      plannedStart: '2026-11-24T08:00:00Z',
      plannedEnd: '2026-11-24T12:00:00Z',
      holderId: 9,
      riskLevel: 'high',
    };
    const result = applyPermitCommand(data, 'edit', body, requester, names, now);
    expect(result.ok && result.data.permit).toMatchObject({ title: 'Pump 3 seal, both sides', riskLevel: 'high' });
    const bad = applyPermitCommand(
      data,
      'edit',
      { ...body, plannedEnd: '2026-11-24T07:00:00Z' },
      requester,
      names,
      now,
    );
    expect(bad).toMatchObject({ ok: false, status: 422 });
  });

  it('refuses accept before the permit’s start, naming it in UTC with its offset (the device knows no time zone); allows it from the start', () => {
    const holder: LocalActor = { userId: 9, displayName: 'Nia Holder', permissions: new Set(['permit:view:LOTO']) };
    const data = offline(
      permitOf({
        status: 'issued',
        issuer: { ID: 5, displayName: 'Ivo Issuer' },
        plannedStart: '2026-11-25T00:23:00Z',
        plannedEnd: '2026-11-25T08:23:00Z',
      }),
    );
    const early = new Date('2026-11-24T23:57:00Z');
    expect(applyPermitCommand(data, 'accept', sealed, holder, names, early)).toEqual({
      ok: false,
      status: 409,
      reason: 'The permit is valid from 2026-11-25 00:23 +00:00: it can be accepted, and work can start, from then.',
      // The same words as a caption, so the refusal reads in the user's language offline too.
      said: {
        caption: 'Message|Rules_Permit_Lifecycle|validFrom',
        values: { start: '2026-11-25 00:23 +00:00' },
        terms: {},
      },
    });
    expect(offlinePermitCommands(data.permit, holder, early)).not.toContain('accept');
    const atStart = applyPermitCommand(data, 'accept', sealed, holder, names, new Date('2026-11-25T00:23:00Z'));
    expect(atStart.ok && atStart.data.permit.status).toBe('active');
  });

  it('names the new holder of a hand-over from the device’s people', () => {
    const data = offline(permitOf({ status: 'active', holder: { ID: 5, displayName: 'Ivo Issuer' }, issuer: null }));
    const notes = { abnormalConditions: 'Valve V-3 passing', workRemaining: 'Refit the guard', locksStaying: [] };
    const result = applyPermitCommand(data, 'hand-over', { newHolderId: 9, ...notes, ...sealed }, issuer, names, now);
    expect(result.ok && result.data.permit.holder).toEqual({ ID: 9, displayName: 'Nia Holder' });
    expect(result.ok && result.data.permit.status).toBe('issued');
    // The notes wait on the copy for the new holder, who accepts only acknowledging them (as the server decides).
    expect(result.ok && result.data.permit.pendingHandover).toMatchObject({
      to: { ID: 9, displayName: 'Nia Holder' },
      abnormalConditions: 'Valve V-3 passing',
      workRemaining: 'Refit the guard',
      acknowledged: null,
    });
  });

  it('the new holder accepts a hand-over made on the device only acknowledging its notes', () => {
    const nia: LocalActor = { userId: 9, displayName: 'Nia Holder', permissions: new Set(['permit:view:LOTO']) };
    const handedOver = applyPermitCommand(
      offline(permitOf({ status: 'active', holder: { ID: 5, displayName: 'Ivo Issuer' }, issuer: null })),
      'hand-over',
      { newHolderId: nia.userId, abnormalConditions: 'None', workRemaining: 'None', locksStaying: [], ...sealed },
      issuer,
      names,
      now,
    );
    if (!handedOver.ok) throw new Error(handedOver.reason);
    const issued = {
      ...handedOver.data,
      permit: { ...handedOver.data.permit, issuer: { ID: 5, displayName: 'Ivo Issuer' } },
    };
    expect(applyPermitCommand(issued, 'accept', sealed, nia, names, now)).toMatchObject({ ok: false, status: 422 });
    const accepted = applyPermitCommand(issued, 'accept', { ...sealed, acknowledgesHandover: true }, nia, names, now);
    expect(accepted.ok && accepted.data.permit.status).toBe('active');
    expect(accepted.ok && accepted.data.permit.pendingHandover).toBeNull();
  });
});

describe('versions and provisional numbers', () => {
  it('bases each command on the downloaded version of its record', () => {
    const data = offline();
    expect(baseVersionOf(data, 'permit.isolate')).toBe(7);
    expect(baseVersionOf(data, 'isolation-plan.notify', 99)).toBe(4);
    expect(baseVersionOf(data, 'tag.apply', 2)).toBe(2);
    expect(baseVersionOf(data, 'permit.create')).toBeNull();
  });

  it('numbers a permit made here provisionally and gives it a stable negative page id', () => {
    const uuid = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    expect(provisionalNumber('LOTO', uuid, now)).toBe('OFF-LOTO-20261124-0F1E');
    expect(localAlias(uuid)).toBeLessThan(0);
    expect(localAlias(uuid)).toBe(localAlias(uuid));
    expect(permitPageId(`local:${uuid}`)).toBe(localAlias(uuid));
    expect(permitPageId('42')).toBe(42);
  });

  it('makes a draft the requester may request, with an empty plan and no approving', () => {
    const uuid = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
    const type = {
      ID: 1,
      code: 'LOTO',
      name: 'Lockout',
      icon: 'lock',
      color: '#c00',
      maxValidityHours: 12,
      maxExtensions: 0,
      sections: ['isolation-plan' as const],
    };
    const body = {
      permitTypeId: 1,
      title: 'New offline',
      description: '',
      workMethod: '',
      areaId: 4,
      assetIds: [],
      plannedStart: '2026-11-24T10:00:00Z',
      plannedEnd: '2026-11-24T12:00:00Z',
      holderId: null,
      riskLevel: null,
    };
    const values = {
      title: 'New offline',
      description: '',
      workMethod: '',
      area: { ID: 4, label: 'A-4 · Boiler house' },
      assets: [],
      plannedStart: '',
      plannedEnd: '',
      holder: null,
      riskLevel: null,
    };
    const data = draftPermit(type, ['isolation-plan'], body, values, requester, uuid, now);
    expect(data.permit).toMatchObject({
      ID: localAlias(uuid),
      number: 'OFF-LOTO-20261124-0F1E',
      status: 'draft',
      version: 0,
      area: { ID: 4, number: 'A-4', name: 'Boiler house' },
      requester: { ID: 3 },
    });
    expect(data.permit.allowedCommands).toEqual(['edit', 'request', 'cancel']);
    expect((data.sections['isolation-plan'] as IsolationPlan).nextStep).toBe('Add the isolation points to the plan');
  });
});
