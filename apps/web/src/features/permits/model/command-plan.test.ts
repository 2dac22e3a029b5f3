import { describe, expect, it } from 'vitest';
import { buttonCommands, commandPlan, inputOf } from './command-plan';

describe('command buttons and their confirmations', () => {
  it('offers neither edit (the Save button) nor expire (the scheduler)', () => {
    expect(buttonCommands(['edit', 'request', 'cancel', 'expire'])).toEqual(['request', 'cancel']);
  });
  it('says the change of status and who is notified', () => {
    expect(commandPlan({ status: 'requested' }, 'request')).toMatchObject({ label: 'Request' });
    // Approving signs one stage of possibly several.
    expect(commandPlan({ status: 'requested' }, 'approve')).toMatchObject({
      label: 'Approve',
      change: 'Signs the next approval stage. The permit becomes Approved once every stage is signed.',
      notifies: 'The requester is notified.',
    });
    expect(commandPlan({ status: 'draft' }, 'request').change).toBe('The permit goes from Draft to Requested.');
    expect(commandPlan({ status: 'isolated' }, 'isolate').change).toBe('The permit stays Isolated.');
    expect(commandPlan({ status: 'approved' }, 'isolate').notifies).toBe('Nobody is notified.');
  });
  it('asks for the input the command needs', () => {
    expect([inputOf('suspend'), inputOf('extend'), inputOf('hand-over'), inputOf('approve'), inputOf('close')]).toEqual(
      ['reason', 'plannedEnd', 'newHolder', 'password', null],
    );
  });
});
