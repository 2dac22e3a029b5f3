import { describe, expect, it } from 'vitest';
import { offlineRedirectTarget } from './use-offline-redirect';

describe('offlineRedirectTarget', () => {
  it("keeps the user on a permit's page, whatever its tab or outlet", () => {
    expect(offlineRedirectTarget('/Permit/Edit/42')).toBeNull();
    expect(offlineRedirectTarget('/Permit/Edit/local:0f8fad5b-d9cb-469f-a165-70867728950e')).toBeNull();
    expect(offlineRedirectTarget('/Permit/Edit/42/attachments')).toBeNull();
  });

  it('opens the offline dashboard from any other page', () => {
    expect(offlineRedirectTarget('/index')).toBe('/offline/dashboard');
    expect(offlineRedirectTarget('/my-work')).toBe('/offline/dashboard');
    expect(offlineRedirectTarget('/dashboards')).toBe('/offline/dashboard');
    expect(offlineRedirectTarget('/Permit/Create/LOTO')).toBe('/offline/dashboard');
  });
});
