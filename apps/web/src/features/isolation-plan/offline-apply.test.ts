import { describe, expect, it } from 'vitest';
import type { IsolationPlan } from '@hasp/contracts';
import { now, issuer, offline } from '../../test/offline-permit-fixtures';
import { applyPlanCommand } from './offline-apply';

describe('the isolation plan applied on the device', () => {
  it('walks the plan steps in order by the plan rules', () => {
    let data = offline();
    for (const [verb, input] of [
      ['notify', {}],
      ['shut-down', {}],
      ['isolate-point', { planPointId: 71 }],
    ] as const) {
      const result = applyPlanCommand(data, verb, input, issuer, now);
      expect(result.ok, verb).toBe(true);
      if (result.ok) data = result.data;
    }
    const plan = data.sections['isolation-plan'] as IsolationPlan;
    expect(plan.points[0]).toMatchObject({ state: 'isolated', isolated: { by: { ID: 5 } } });
    expect(plan.nextStep).toBe('Apply the lock and tag on EV-1');
    // Verifying before the lock, the tag and stored energy: the rule's own sentence.
    const early = applyPlanCommand(
      data,
      'verify-point',
      { planPointId: 71, method: 'm', outcome: 'pass', result: 'r' },
      issuer,
      now,
    );
    expect(early).toMatchObject({ ok: false, status: 409, reason: 'Apply the lock and tag on EV-1 first.' });
    // A try-out without its outcome (and no typed result of an earlier app) or method is refused as the server refuses it.
    const noOutcome = applyPlanCommand(data, 'verify-point', { planPointId: 71, method: 'm' }, issuer, now);
    expect(noOutcome).toMatchObject({ ok: false, status: 422 });
    const noMethod = applyPlanCommand(data, 'verify-point', { planPointId: 71, outcome: 'pass' }, issuer, now);
    expect(noMethod).toMatchObject({ ok: false, status: 422 });
  });

  it('refuses a step out of order with the rule’s reason', () => {
    const result = applyPlanCommand(offline(), 'shut-down', {}, issuer, now);
    expect(result).toMatchObject({ ok: false, status: 409, reason: 'Notify the affected employees first.' });
  });
});
