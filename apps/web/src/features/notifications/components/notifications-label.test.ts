import { describe, expect, it } from 'vitest';
import { notificationsLabel } from './NotificationsButton';

describe('notificationsLabel', () => {
  it('names the bell with the unread count', () => {
    expect(notificationsLabel(0)).toBe('Notifications');
    expect(notificationsLabel(3)).toBe('Notifications, 3 unread');
  });
});
