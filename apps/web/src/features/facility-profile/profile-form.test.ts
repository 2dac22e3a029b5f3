import { describe, expect, it } from 'vitest';
import { profileProblems, timeZoneOptions } from './profile-form';

describe('the facility profile form', () => {
  it('offers IANA time zones and UTC, sorted, keeping the stored one', () => {
    const zones = timeZoneOptions('Etc/Unlisted');
    expect(zones).toContain('America/Chicago');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Etc/Unlisted');
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });

  it('names the field at fault', () => {
    expect(profileProblems({ name: ' ', address: '', timeZone: 'UTC', defaultLanguageCode: null })).toEqual({
      name: 'Name: enter the facility’s name.',
    });
    expect(profileProblems({ name: 'North', address: '', timeZone: 'UTC', defaultLanguageCode: 'en' })).toEqual({});
  });
});
