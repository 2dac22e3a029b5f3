import { describe, expect, it } from 'vitest';
import { emptyFormValues, inputFromForm } from './form-values';

const filled = () => ({ ...emptyFormValues(new Date('2026-03-01T10:00:00Z')), title: 'Audit', bodyHtml: '<p>x</p>' });

describe('announcement form values', () => {
  it('turns a filled form into the contract input, local dates as ISO moments', () => {
    const result = inputFromForm({ ...filled(), validTo: '2099-01-01T08:30' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({ title: 'Audit', audienceGroupIDs: [], requiresAcknowledgement: false });
    expect(result.input.validTo).toBe(new Date('2099-01-01T08:30').toISOString());
  });

  it('names each problem at its field', () => {
    const result = inputFromForm({
      ...filled(),
      title: ' ',
      bodyHtml: '',
      validFrom: '2026-03-02T10:00',
      validTo: '2026-03-01T10:00',
      audience: 'groups',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual({
      title: { text: 'Title is required' },
      bodyHtml: { text: 'Text is required' },
      validTo: { text: 'Valid to must be after valid from' },
      audienceGroupIDs: { key: 'groupsRequired' },
    });
  });

  it('sends groups only when the audience is chosen groups', () => {
    const result = inputFromForm({ ...filled(), audience: 'everyone', groupIDs: [3] });
    expect(result.ok && result.input.audienceGroupIDs).toEqual([]);
  });
});
