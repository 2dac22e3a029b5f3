import { describe, expect, it } from 'vitest';
import { outletPageKey, showsLoader } from './navigation-loading';

const at = (pathname: string, search = '', state: unknown = null) => ({ pathname, search, state });

describe('showsLoader', () => {
  it('shows the overlay when a navigation starts', () => {
    expect(showsLoader(at('/announcements'), at('/dashboards'))).toBe(true);
    expect(showsLoader(at('/index', '?permitType=LOTO'), at('/announcements'))).toBe(true);
    expect(showsLoader(at('/announcements'), null)).toBe(true);
  });

  it('not for routes with an attachments outlet', () => {
    expect(showsLoader(at('/Permit/Edit/42/attachments'), at('/Permit/Edit/42'))).toBe(false);
    expect(showsLoader(at('/Permit/Edit/42/attachments/7'), at('/Permit/Edit/42'))).toBe(false);
    expect(showsLoader(at('/Permit/Edit/42/attachmentsx'), at('/Permit/Edit/42'))).toBe(true);
  });

  it('not when leaving an attachments outlet for its own page, but for any other page', () => {
    expect(showsLoader(at('/Permit/Edit/42'), at('/Permit/Edit/42/attachments'))).toBe(false);
    expect(showsLoader(at('/Permit/Edit/42'), at('/Permit/Edit/42/attachments/7'))).toBe(false);
    expect(showsLoader(at('/Permit/Edit/43'), at('/Permit/Edit/42/attachments'))).toBe(true);
    expect(showsLoader(at('/index'), at('/Permit/Edit/42/attachments'))).toBe(true);
  });

  it('keys a page without its attachments outlet (the page stays mounted)', () => {
    expect(outletPageKey('/Permit/Edit/42/attachments')).toBe('/Permit/Edit/42');
    expect(outletPageKey('/Permit/Edit/42/attachments/7')).toBe('/Permit/Edit/42');
    expect(outletPageKey('/Permit/Edit/42')).toBe('/Permit/Edit/42');
    expect(outletPageKey('/Permit/Edit/42/attachmentsx')).toBe('/Permit/Edit/42/attachmentsx');
  });

  it('not for navigations with an excluded query parameter', () => {
    for (const param of ['tab', 'filter', 'page', 'pageSize', 'sort', 'search']) {
      expect(showsLoader(at('/index', `?permitType=LOTO&${param}=2`), at('/index', '?permitType=LOTO')), param).toBe(
        false,
      );
    }
  });

  it('not with the skip-loader flag', () => {
    expect(showsLoader(at('/announcements', '', { skipLoader: true }), at('/'))).toBe(false);
    expect(showsLoader(at('/announcements', '', { skipLoader: false }), at('/'))).toBe(true);
  });

  it('not when only the hash changes', () => {
    expect(showsLoader(at('/announcements'), at('/announcements'))).toBe(false);
  });
});
