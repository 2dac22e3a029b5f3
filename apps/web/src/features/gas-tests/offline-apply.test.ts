import { describe, expect, it } from 'vitest';
import type { GasTestsView } from '@hasp/contracts';
import { baseVersionOf, localAlias, type LocalActor } from '../../lib/offline-apply';
import { now, uuid, gasView, withGas, gasTester, reading } from '../../test/offline-permit-fixtures';
import { recordGasTestOffline, voidGasTestOffline } from './offline-apply';

describe('gas tests recorded on the device (decision 0064)', () => {
  it('records the readings with the device time and the limits they were taken against; the issue refusal follows', () => {
    const result = recordGasTestOffline(withGas(), reading(20.9, 0), gasTester, now, uuid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const view = result.data.sections['gas-tests'] as GasTestsView;
    expect(view.tests[0]).toMatchObject({
      ID: localAlias(uuid),
      testedAt: now.toISOString(),
      tester: { ID: 8, name: 'Wren Worker' },
      inLimits: true,
      readings: [
        { code: 'O2', value: 20.9, lowLimit: 19.5, highLimit: 23.5, inLimits: true },
        { code: 'H2S', value: 0, inLimits: true },
      ],
    });
    expect(view.refusal).toBeNull();
    expect(view.version).toBe(3);
    expect(result.input).toEqual({ ...reading(20.9, 0), testedAt: now.toISOString(), localId: `local:${uuid}` });
    expect(baseVersionOf(result.data, 'gas-test.record')).toBe(3);

    // Out of limits: recorded (a reading is a fact), and issuing is refused in the server's words.
    const bad = recordGasTestOffline(result.data, reading(20.9, 12), gasTester, now, uuid);
    const words = (measured: string) =>
      `Gas test: H2S 12 ppm is above the limit of 10 ppm (measured ${measured} UTC). ` +
      'A passing re-test measured and recorded after it must clear it before the permit is issued.';
    const at = now.toISOString().slice(0, 16).replace('T', ' ');
    expect(bad.ok && (bad.data.sections['gas-tests'] as GasTestsView).refusal).toBe(words(at));
    if (!bad.ok) return;
    // A pass measured before the failure (back-dated) clears nothing; one measured after it does.
    const before = { ...reading(20.9, 0), testedAt: new Date(now.getTime() - 60_000).toISOString() };
    const backDated = recordGasTestOffline(bad.data, before, gasTester, now, uuid);
    expect(backDated.ok && (backDated.data.sections['gas-tests'] as GasTestsView).refusal).toBe(words(at));
    if (!backDated.ok) return;
    const after = { ...reading(20.9, 0), testedAt: new Date(now.getTime() + 60_000).toISOString() };
    const cleared = recordGasTestOffline(backDated.data, after, gasTester, now, uuid);
    expect(cleared.ok && (cleared.data.sections['gas-tests'] as GasTestsView).refusal).toBeNull();
  });

  it('refuses what the server refuses: a missing reading, an instrument past calibration, the wrong status, no permission', () => {
    const missing = { ...reading(20.9, 0), readings: [{ parameterId: 1, value: 20.9 }] };
    expect(recordGasTestOffline(withGas(), missing, gasTester, now, uuid)).toEqual({
      ok: false,
      status: 422,
      reason: 'Readings: no reading for H2S (Hydrogen sulphide)',
    });
    const stale = gasView({
      instruments: [{ ID: 7, name: 'Quad detector', serial: 'QD-7', calibrationDue: '2026-11-01', isActive: true }],
    });
    expect(recordGasTestOffline(withGas(stale), reading(20.9, 0), gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 422,
      reason: expect.stringMatching(/^Instrument: Quad detector \(serial QD-7\) was due for calibration on 2026-11-01/),
    });
    expect(recordGasTestOffline(withGas(gasView(), 'closed'), reading(20.9, 0), gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 409,
    });
    const stranger: LocalActor = { ...gasTester, permissions: new Set() };
    expect(recordGasTestOffline(withGas(), reading(20.9, 0), stranger, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
    });
    const future = { ...reading(20.9, 0), testedAt: new Date(now.getTime() + 3_600_000).toISOString() };
    expect(recordGasTestOffline(withGas(), future, gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 422,
      reason: expect.stringMatching(/a device clock may run at most 5 minutes ahead of the server's/),
    });
    // The tester is the signed-in person; recording needs gas:test.
    const named = { ...reading(20.9, 0), testerName: 'Pat (Acme)' };
    expect(recordGasTestOffline(withGas(), named, gasTester, now, uuid)).toMatchObject({
      ok: false,
      status: 422,
    });
    const viewer: LocalActor = { ...gasTester, permissions: new Set(['permit:view:HOT']) };
    expect(recordGasTestOffline(withGas(), reading(20.9, 0), viewer, now, uuid)).toMatchObject({
      ok: false,
      status: 403,
      reason: expect.stringMatching(/gas:test/),
    });
  });
});

describe('gas tests voided on the device (decision 0067)', () => {
  it('voids a test recorded here by its local id with the reason; issuing is refused again; a second void is refused', () => {
    const recorded = recordGasTestOffline(withGas(), reading(20.9, 0), gasTester, now, uuid);
    if (!recorded.ok) throw new Error(recorded.reason);
    const voided = voidGasTestOffline(
      recorded.data,
      { testId: localAlias(uuid), reason: 'Wrong tank' },
      gasTester,
      now,
    );
    expect(voided.ok).toBe(true);
    if (!voided.ok) return;
    expect(voided.input).toEqual({ testId: `local:${uuid}`, reason: 'Wrong tank' });
    const view = voided.data.sections['gas-tests'] as GasTestsView;
    expect(view.tests[0]!.voided).toEqual({ at: now.toISOString(), by: 'Wren Worker', reason: 'Wrong tank' });
    expect(view.refusal).toBe('Gas test: record a gas test before the permit is issued.');
    expect(baseVersionOf(voided.data, 'gas-test.void')).toBe(3);
    expect(
      voidGasTestOffline(voided.data, { testId: localAlias(uuid), reason: 'Again' }, gasTester, now),
    ).toMatchObject({ ok: false, status: 409, reason: 'This gas test is already voided.' });
  });

  it('refuses what the server refuses: no reason, someone else’s test without issuing, a test not stored', () => {
    const recorded = recordGasTestOffline(withGas(), reading(20.9, 0), gasTester, now, uuid);
    if (!recorded.ok) throw new Error(recorded.reason);
    const id = localAlias(uuid);
    expect(voidGasTestOffline(recorded.data, { testId: id, reason: ' ' }, gasTester, now)).toMatchObject({
      ok: false,
      status: 422,
    });
    const other: LocalActor = { userId: 9, displayName: 'Nia Holder', permissions: new Set(['permit:view:HOT']) };
    expect(voidGasTestOffline(recorded.data, { testId: id, reason: 'Wrong tank' }, other, now)).toMatchObject({
      ok: false,
      status: 403,
    });
    const issuerToo: LocalActor = { ...other, permissions: new Set(['permit:view:HOT', 'permit:issue:HOT']) };
    expect(voidGasTestOffline(recorded.data, { testId: id, reason: 'Wrong tank' }, issuerToo, now).ok).toBe(true);
    expect(voidGasTestOffline(recorded.data, { testId: 555, reason: 'Wrong tank' }, gasTester, now)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
