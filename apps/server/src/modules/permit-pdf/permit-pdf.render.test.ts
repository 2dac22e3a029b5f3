import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permit } from '@hasp/contracts';
import { fillCaption } from '../translations';
import { renderPermitPdf } from './permit-pdf.render';
import type { PermitPrint } from './permit-print.service';

/**
 * The sections a LOTO permit of the server test does not use (crew, hazard analysis, gas tests),
 * drawn from a permit print as the readers answer it (only the fields the renderer reads are
 * filled: the others are the section routes' own business), read back with pdftotext.
 */
const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hasp-permit-render-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const person = (ID: number, displayName: string) => ({ ID, displayName });
const at = '2026-07-01T12:00:00.000Z'; // 07:00 -05:00 in Chicago (summer time)

function print(): PermitPrint {
  const permit = {
    ID: 7,
    number: 'HOT-26-00007',
    permitType: { ID: 3, code: 'HOT', name: 'Hot work', icon: 'flame', color: '#c00', sections: [] },
    status: 'issued',
    title: 'Weld the tank bracket',
    description: 'Línea 1\nLínea 2 — “soldadura”',
    workMethod: '',
    area: { ID: 1, number: 'A-1', name: 'Tank farm' },
    assets: [{ ID: 2, number: 'TK-101', description: 'Day tank' }],
    plannedStart: at,
    plannedEnd: '2026-07-01T16:00:00.000Z',
    requester: person(1, 'Rita Requester'),
    holder: person(2, 'Hal Holder'),
    issuer: person(3, 'Ivy Issuer'),
    approvals: [{ user: person(4, 'Ann Approver'), approvedAt: at }],
    riskLevel: 'high',
    revision: 1,
    version: 9,
    extensionCount: 1,
    statusReason: null,
    allowedCommands: [],
    voidedAt: null,
    voidReason: null,
    createdAt: at,
    updatedAt: at,
  } satisfies Permit;
  return {
    facility: { name: 'North Plant', timeZone: 'America/Chicago' },
    permit,
    plan: null,
    crew: {
      lockbox: {
        number: 'LB-7',
        primary: person(3, 'Ivy Issuer'),
        keysDepositedAt: at,
        keysDepositedBy: person(3, 'Ivy Issuer'),
        members: [
          {
            applicationId: 1,
            user: person(5, 'Cal Crew'),
            lock: { ID: 1, serial: 'P-0042' },
            signedOnAt: at,
            signedOffAt: null,
            removal: null,
            tag: { ID: 9, number: 'T-2026-00009', state: 'applied' },
          },
        ],
        past: [
          {
            applicationId: 2,
            user: person(6, 'Sue Shift'),
            lock: { ID: 2, serial: 'P-0043' },
            signedOnAt: at,
            signedOffAt: '2026-07-01T14:30:00.000Z',
            removal: 'removed',
            tag: null,
          },
        ],
      },
    } as unknown as PermitPrint['crew'],
    hazards: {
      lines: [
        {
          ID: 1,
          position: 0,
          jobStep: 'Grind the bracket',
          hazard: { ID: 1, caption: 'Sparks' },
          severity: 3,
          likelihood: 3,
          risk: 'high',
          controls: [
            { ID: 1, item: { ID: 2, caption: 'Fire watch' }, text: 'Fire watch' },
            { ID: 2, item: null, text: 'Wet the floor' },
          ],
          residualSeverity: 2,
          residualLikelihood: 1,
          residualRisk: 'low',
        },
      ],
    } as unknown as PermitPrint['hazards'],
    gasTests: {
      tests: [
        {
          ID: 1,
          testedAt: at,
          location: 'Tank manway',
          instrument: { ID: 1, name: 'Four-gas detector', serial: 'GD-9', calibrationDue: '2026-12-01' },
          tester: { ID: 3, name: 'Ivy Issuer' },
          recordedBy: { ID: 3, name: 'Ivy Issuer' },
          readings: [
            {
              parameterId: 1,
              code: 'LEL',
              name: 'Lower explosive limit',
              unit: '%',
              value: 12,
              lowLimit: null,
              highLimit: 10,
              inLimits: false,
            },
          ],
          inLimits: false,
          voided: { at, by: 'Ivy Issuer', reason: 'Wrong location' },
        },
      ],
    } as unknown as PermitPrint['gasTests'],
    questions: null,
    approvals: { riskLevel: 'high', stages: [], nextStage: null, signatures: [] },
    history: [
      {
        at,
        action: 'permit.extend',
        actor: person(3, 'Ivy Issuer'),
        fromStatus: 'issued',
        toStatus: 'issued',
        summary: 'Planned end: 2026-07-01T16:00:00.000Z',
        plannedEnd: '2026-07-01T16:00:00.000Z',
        step: null,
      },
      {
        at: '2026-07-01T14:30:00.000Z',
        action: 'lockbox.sign-off',
        actor: person(6, 'Sue Shift'),
        fromStatus: null,
        toStatus: null,
        summary: 'Signed off: Sue Shift (lock P-0043)',
        plannedEnd: null,
        step: { kind: 'signedOff', values: { name: 'Sue Shift', lock: 'P-0043' } },
      },
      {
        at,
        action: 'permit.expire',
        actor: null,
        fromStatus: 'issued',
        toStatus: 'expired',
        summary: '',
        plannedEnd: null,
        step: null,
      },
    ],
    handovers: [
      {
        ID: 1,
        from: person(4, 'Hal Holder'),
        to: person(6, 'Sue Shift'),
        by: person(4, 'Hal Holder'),
        at,
        abnormalConditions: 'Pump P-3 seal weeping',
        workRemaining: 'Refit the coupling guard',
        locksStaying: [
          { ID: 9, serial: 'P-0042' },
          { ID: 10, serial: 'P-0043' },
        ],
        acknowledged: { by: person(6, 'Sue Shift'), at: '2026-07-01T14:30:00.000Z' },
      },
      {
        ID: 2,
        from: person(6, 'Sue Shift'),
        to: person(4, 'Hal Holder'),
        by: person(3, 'Ivy Issuer'),
        at: '2026-07-01T15:00:00.000Z',
        abnormalConditions: 'None',
        workRemaining: 'None',
        locksStaying: [],
        acknowledged: null,
      },
    ],
  };
}

async function textOf(pdf: Buffer): Promise<string> {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
}

describe('drawing a permit', () => {
  it('prints the crew, the hazard analysis and the gas tests, times with their offset', async () => {
    const text = await textOf(
      await renderPermitPdf(print(), {
        statusUrl: 'https://hasp.example/Permit/Edit/7',
        text: (caption, values) => fillCaption(caption.defaultCaption, values),
        printedBy: 'Pat Printer',
        printedAt: new Date(at),
      }),
    );
    expect(text).toContain('Lockbox LB-7, primary authorized employee: Ivy Issuer');
    expect(text).toContain('Keys deposited by Ivy Issuer, 2026-07-01 07:00 -05:00');
    expect(text).toContain('Cal Crew: lock P-0042, signed on 2026-07-01 07:00 -05:00');
    expect(text).toContain('Tag T-2026-00009 (Applied)');
    expect(text).toContain(
      'Sue Shift: lock P-0043, signed on 2026-07-01 07:00 -05:00, signed off 2026-07-01 09:30 -05:00',
    );
    expect(text).toContain('1. Grind the bracket: Sparks. Risk High, residual Low');
    expect(text).toContain('Controls: Fire watch, Wet the floor');
    expect(text).toContain('2026-07-01 07:00 -05:00 at Tank manway: OUT OF LIMITS');
    expect(text).toContain('LEL 12 % (limits <= 10)');
    expect(text).toContain('Voided by Ivy Issuer, 2026-07-01 07:00 -05:00: Wrong location');
    expect(text).toContain('Línea 2 — “soldadura”');
    expect(text).toContain('Extensions: 1');
    expect(text).toContain('No signatures.');
    expect(text).toContain('Printed 2026-07-01 07:00 -05:00 by Pat Printer');
  });

  it("prints the history: who, when with its offset, the step in words, an extension's end and the system", async () => {
    const text = (
      await textOf(
        await renderPermitPdf(print(), {
          statusUrl: 'https://hasp.example/Permit/Edit/7',
          text: (caption, values) => fillCaption(caption.defaultCaption, values),
          printedBy: 'Pat Printer',
          printedAt: new Date(at),
        }),
      )
    ).replace(/\s+/g, ' ');
    expect(text).toContain('History');
    expect(text).toContain('2026-07-01 07:00 -05:00 Ivy Issuer: Extend: Planned end: 2026-07-01 11:00 -05:00');
    expect(text).toContain('2026-07-01 09:30 -05:00 Sue Shift: Signed off: Sue Shift (lock P-0043)');
    expect(text).toContain('2026-07-01 07:00 -05:00 System: Expire: Issued to Expired');
  });

  it('prints each shift handover with its notes, the locks that stay on and its acknowledgment', async () => {
    const text = (
      await textOf(
        await renderPermitPdf(print(), {
          statusUrl: 'https://hasp.example/Permit/Edit/7',
          text: (caption, values) => fillCaption(caption.defaultCaption, values),
          printedBy: 'Pat Printer',
          printedAt: new Date(at),
        }),
      )
    ).replace(/\s+/g, ' ');
    expect(text).toContain('Shift handovers');
    expect(text).toContain('2026-07-01 07:00 -05:00 Hal Holder to Sue Shift, handed over by Hal Holder');
    expect(text).toContain('Abnormal conditions: Pump P-3 seal weeping');
    expect(text).toContain('Work remaining: Refit the coupling guard');
    expect(text).toContain('Locks staying on: P-0042, P-0043');
    expect(text).toContain('Acknowledged by Sue Shift, 2026-07-01 09:30 -05:00, with the signed acceptance');
    expect(text).toContain('2026-07-01 10:00 -05:00 Sue Shift to Hal Holder, handed over by Ivy Issuer');
    expect(text).toContain('Not acknowledged by the incoming holder');
  });
});
