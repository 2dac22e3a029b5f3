import { describe, expect, it } from 'vitest';
import { tabOfUrl, withTab } from './tab-in-url';

const sections = [{ id: 'crew-sign-on' }, { id: 'isolation-plan' }, { id: 'attachments', outlet: 'attachments' }];

describe('the permit tab in the URL', () => {
  it('opens the tab the URL names when the page shows it', () => {
    expect(tabOfUrl('crew-sign-on', sections)).toBe('crew-sign-on');
    expect(tabOfUrl('history', sections)).toBe('history');
  });

  it('opens the Permit tab for no tab, an unknown one, or an outlet (which has its own path)', () => {
    expect(tabOfUrl(null, sections)).toBe('permit');
    expect(tabOfUrl('gas-tests', sections)).toBe('permit');
    expect(tabOfUrl('attachments', sections)).toBe('permit');
  });

  it('writes the chosen tab and keeps the other parameters', () => {
    expect(withTab(new URLSearchParams('a=1'), 'crew-sign-on').toString()).toBe('a=1&tab=crew-sign-on');
    expect(withTab(new URLSearchParams('a=1&tab=tags'), 'permit').toString()).toBe('a=1');
  });
});
