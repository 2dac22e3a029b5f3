import { describe, expect, it } from 'vitest';
import { showsLoader } from './navigation-loading';

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
