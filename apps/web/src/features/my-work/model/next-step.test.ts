import { describe, expect, it } from 'vitest';
import { translate } from '../../../lib/i18n';
import { nextStepWords, permitTabPath } from './next-step';

const say = (item: Parameters<typeof nextStepWords>[0]) => {
  const { caption, values } = nextStepWords(item);
  return translate(caption, values);
};
const lock = (serial: string) => ({ serial, on: 'E-101', onLockbox: false });

describe('next step wording', () => {
  it('names the lock to remove once the work is complete', () => {
    expect(say({ step: 'remove-lock', lock: lock('L-0042') })).toBe('Remove your lock L-0042 — the work is complete');
  });

  it('says what the holder and the crew do, in the words they act on', () => {
    expect(say({ step: 'accept', lock: null })).toBe('Accept');
    expect(say({ step: 'sign-on', lock: null })).toBe('Sign on');
    expect(say({ step: 'hand-over', lock: null })).toBe('Hand over before your shift ends');
    expect(say({ step: 'sign-off-done', lock: null })).toBe('Sign off — the work is complete');
    expect(say({ step: 'keep-lock', lock: lock('L-7') })).toBe('Keep lock L-7 on until the work is complete');
  });

  it('opens the permit on the tab where the step is taken', () => {
    expect(permitTabPath(42, 'crew-sign-on')).toBe('/Permit/Edit/42?tab=crew-sign-on');
    expect(permitTabPath(42, 'permit')).toBe('/Permit/Edit/42');
  });
});
