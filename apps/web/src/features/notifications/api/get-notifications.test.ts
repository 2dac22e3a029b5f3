import { describe, expect, it } from 'vitest';
import type { Notification } from '@hasp/contracts';
import { notificationLists } from './get-notifications';

const note = (ID: number, seenDate: string | null = null): Notification => ({
  ID,
  title: `Permit ${ID}`,
  body: '',
  link: null,
  sentDate: '2026-11-22T10:00:00.000Z',
  seenDate,
});

describe('notificationLists', () => {
  it('puts an arriving notification first, once, and counts it', () => {
    const list = { notifications: [note(1)], unreadCount: 1 };
    const next = notificationLists.withArrived(list, note(2));
    expect(next).toEqual({ notifications: [note(2), note(1)], unreadCount: 2 });
    expect(notificationLists.withArrived(next, note(2))).toBe(next);
    expect(notificationLists.withArrived(undefined, note(2))).toBeUndefined();
  });

  it('marks one read and lowers the count only if it was unread', () => {
    const list = { notifications: [note(2), note(1, '2026-11-22T09:00:00.000Z')], unreadCount: 1 };
    const next = notificationLists.withSeen(list, 2, '2026-11-22T11:00:00.000Z');
    expect(next?.unreadCount).toBe(0);
    expect(next?.notifications[0]?.seenDate).toBe('2026-11-22T11:00:00.000Z');
    expect(notificationLists.withSeen(next, 2, 'later')).toBe(next);
    expect(notificationLists.withSeen(list, 1, 'later')).toBe(list);
  });

  it('marks all read and keeps earlier read dates', () => {
    const list = { notifications: [note(2), note(1, 'earlier')], unreadCount: 1 };
    expect(notificationLists.withAllSeen(list, 'now')).toEqual({
      notifications: [note(2, 'now'), note(1, 'earlier')],
      unreadCount: 0,
    });
  });
});
