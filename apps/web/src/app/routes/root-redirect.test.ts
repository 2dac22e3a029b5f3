import { describe, expect, it } from 'vitest';
import { canOpenDashboards, rootRedirectTarget } from './root-redirect';

describe('rootRedirectTarget', () => {
  it('goes to /dashboards when online with custom dashboards on', () => {
    expect(rootRedirectTarget({ online: true, customDashboards: true })).toBe('/dashboards');
  });

  it('goes to /announcements when custom dashboards are off', () => {
    expect(rootRedirectTarget({ online: true, customDashboards: false })).toBe('/announcements');
  });

  it('goes to /announcements whenever offline', () => {
    expect(rootRedirectTarget({ online: false, customDashboards: true })).toBe('/announcements');
    expect(rootRedirectTarget({ online: false, customDashboards: false })).toBe('/announcements');
  });

  it('lands someone with work or worklists on My work today, online', () => {
    expect(rootRedirectTarget({ online: true, customDashboards: true, hasWork: true })).toBe('/my-work');
    expect(rootRedirectTarget({ online: true, customDashboards: false, hasWork: true })).toBe('/my-work');
  });

  it('keeps the seed rule offline, work or not (the offline copies are on the offline dashboard)', () => {
    expect(rootRedirectTarget({ online: false, customDashboards: true, hasWork: true })).toBe('/announcements');
  });
});

describe('canOpenDashboards', () => {
  it('only online with custom dashboards on', () => {
    expect(canOpenDashboards({ online: true, customDashboards: true })).toBe(true);
    expect(canOpenDashboards({ online: false, customDashboards: true })).toBe(false);
    expect(canOpenDashboards({ online: true, customDashboards: false })).toBe(false);
  });

  it('stays open to someone who lands on My work today (it is one tap away in the sidebar)', () => {
    expect(canOpenDashboards({ online: true, customDashboards: true })).toBe(true);
  });
});
