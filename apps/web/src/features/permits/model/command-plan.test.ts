import { describe, expect, it } from 'vitest';
import { buttonCommands, commandPlan, inputOf } from './command-plan';

describe('command buttons and their confirmations', () => {
  it('offers neither edit (the Save button) nor expire (the scheduler)', () => {
    expect(buttonCommands(['edit', 'request', 'cancel', 'expire'])).toEqual(['request', 'cancel']);
  });
  it('says the change of status and who is notified', () => {
    expect(commandPlan({ status: 'requested' }, 'approve')).toMatchObject({
      label: 'Approve',
      change: 'The permit goes from Requested to Approved.',
      notifies: 'The requester is notified.',
    });
    expect(commandPlan({ status: 'isolated' }, 'isolate').change).toBe('The permit stays Isolated.');
    expect(commandPlan({ status: 'approved' }, 'isolate').notifies).toBe('Nobody is notified.');
  });
  it('asks for the input the command needs', () => {
    expect([inputOf('suspend'), inputOf('extend'), inputOf('hand-over'), inputOf('close')]).toEqual([
      'reason',
      'plannedEnd',
      'newHolder',
      null,
    ]);
  });
});
