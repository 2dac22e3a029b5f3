import { useEffect, useRef } from 'react';
import { UnstyledButton } from '@mantine/core';
import type { Notification } from '@hasp/contracts';
import classes from './Notifications.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface NotificationItemProps {
  notification: Notification;
  unread: boolean;
  /** Called once the notification has been on screen (half of it, in the open panel). */
  onSeen: (notification: Notification) => void;
  onOpen: (notification: Notification) => void;
}

/** One notification; with a link it is a button that goes there. */
export function NotificationItem({ notification, unread, onSeen, onOpen }: NotificationItemProps) {
  const ref = useRef<HTMLLIElement>(null);
  const seen = notification.seenDate !== null;

  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      onSeen(notification);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onSeen(notification);
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, notification, onSeen]);

  const content = (
    <>
      <span className={classes.itemTitle}>
        {unread && <span className={classes.dot} aria-hidden="true" />}
        {notification.title}
      </span>
      {notification.body && <span className={classes.itemBody}>{notification.body}</span>}
      <time className={classes.itemDate} dateTime={notification.sentDate}>
        {dateFormat.format(new Date(notification.sentDate))}
      </time>
    </>
  );

  return (
    <li ref={ref} className={classes.item} data-unread={unread || undefined}>
      {notification.link ? (
        <UnstyledButton className={classes.itemButton} onClick={() => onOpen(notification)}>
          {content}
        </UnstyledButton>
      ) : (
        <div className={classes.itemButton}>{content}</div>
      )}
    </li>
  );
}
