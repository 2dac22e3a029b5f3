import { describe, expect, it } from 'vitest';
import { apiQuery, readView, withFilter, writeView } from './url-state';

/** The index view in the URL: read back exactly as written, bad values dropped, defaults left out. */
describe('permit index URL state', () => {
  it('round-trips a whole view through the URL, writing only what differs from the defaults', () => {
    const view = readView(
      new URLSearchParams(
        'status=draft,requested&permitType=LOTO&areaId=4&q=pump&view=held&sort=title&dir=asc&page=3&pageSize=100&cols=title,number',
      ),
    );
    expect(view).toMatchObject({
      status: ['draft', 'requested'],
      permitType: 'LOTO',
      areaId: 4,
      q: 'pump',
      view: 'held',
      sort: 'title',
      dir: 'asc',
      page: 3,
      pageSize: 100,
      cols: ['title', 'number'],
    });
    expect(readView(writeView(view))).toEqual(view);
    expect(writeView(readView(new URLSearchParams(''))).toString()).toBe('');
  });

  it('drops what the API would refuse, keeps the rest and unrelated parameters', () => {
    const view = readView(new URLSearchParams('status=bogus&pageSize=5000&sort=nope&q=belt&cols=title,zzz,title'));
    expect(view).toMatchObject({ q: 'belt', pageSize: 50, sort: 'plannedStart', cols: ['title'] });
    expect(view.status).toBeUndefined();
    const kept = writeView(view, new URLSearchParams('other=1&q=old'));
    expect(kept.get('other')).toBe('1');
    expect(kept.get('q')).toBe('belt');
  });

  it('starts again at page 1 when a filter changes, and asks the API for the page or the export', () => {
    const view = readView(new URLSearchParams('page=4&q=x&cols=number'));
    expect(withFilter(view, { permitType: 'GEN' })).toMatchObject({ page: 1, permitType: 'GEN', q: 'x' });
    expect(apiQuery(view)).toEqual({ q: 'x', page: '4', pageSize: '50' });
    expect(apiQuery(view, ['number', 'title'])).toEqual({ q: 'x', columns: 'number,title' });
  });
});
