import {
  gasTestNotificationCaptions as gasWords,
  lockOverdueNotificationCaptions as overdueWords,
  permitNotificationCaptions as permitWords,
  safetyCriticalEvents,
  type Caption,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationRelationship,
  type NotificationTemplate,
} from '@hasp/contracts';

/** A reader's caption function (translations module's CaptionText, restated to keep this file pure). */
type Words = (caption: Caption, values?: Record<string, string>) => string;

interface EventDefaults {
  /** The relationships this event can name (the payload knows these people). */
  relationships: NotificationRelationship[];
  recipients: NotificationRelationship[];
  channels: NotificationChannel[];
  /** The captions its default wording is made of (looked up once per event, in each reader's language). */
  captions: Caption[];
  /** The default wording in a reader's language: the texts the inbox always had, variables left as `{{name}}`. */
  texts: (t: Words) => { subject: string; body: string };
}

/** Everyone a permit event can reach through the permit: its people, its crew and its area's supervisors (the last two resolved by deliverNotice). */
const permitPeople: NotificationRelationship[] = [
  'requester',
  'holder',
  'issuer',
  'approvers',
  'crew',
  'areaSupervisors',
];
const both: NotificationChannel[] = ['inApp', 'email'];
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A lifecycle notice: "LOTO-000123 Replace pump seal: approved" / "Approved by Sam Supervisor." (decision 0033). */
const permitNotice = (
  verb: keyof typeof permitWords,
  recipients: NotificationRelationship[],
  bySystem = false,
): EventDefaults => ({
  relationships: verb === 'hand-over' ? [...permitPeople, 'previousHolder'] : permitPeople,
  recipients,
  channels: both,
  captions: [permitWords.title, permitWords.body, permitWords.bodyBy, permitWords.bodyWhy, permitWords[verb]],
  texts: (t) => {
    const what = t(permitWords[verb]);
    // A return for rework tells the requester why (`details`: the reason and the note).
    const body = bySystem ? permitWords.body : verb === 'reject' ? permitWords.bodyWhy : permitWords.bodyBy;
    return { subject: t(permitWords.title, { what }), body: t(body, { what: sentence(what) }) };
  },
});

/**
 * Each event's default template: the recipients decision 0033 gave it and the texts it always had,
 * so a facility that never edits a template reads what it read before templates existed.
 */
export const eventDefaults: Record<NotificationEvent, EventDefaults> = {
  'permit.request': permitNotice('request', ['approvers']),
  'permit.approve': permitNotice('approve', ['requester']),
  'permit.reject': permitNotice('reject', ['requester']),
  'permit.issue': permitNotice('issue', ['holder', 'requester']),
  'permit.suspend': permitNotice('suspend', ['holder', 'requester']),
  'permit.hand-over': permitNotice('hand-over', ['holder', 'previousHolder']),
  'permit.expiring': permitNotice('expiring', ['holder', 'issuer', 'requester'], true),
  'permit.expire': permitNotice('expire', ['holder', 'issuer', 'requester'], true),
  'permit.close': permitNotice('close', ['requester', 'holder']),
  'gas-test.out-of-limits': {
    relationships: permitPeople,
    recipients: ['issuer'],
    channels: both,
    captions: [gasWords.title, gasWords.body],
    texts: (t) => ({ subject: t(gasWords.title), body: t(gasWords.body, { readings: '{{details}}' }) }),
  },
  'abandoned-removal.record': {
    relationships: [...permitPeople, 'subject'],
    recipients: ['subject'],
    channels: both,
    captions: [],
    texts: () => ({
      subject: '{{number}} {{title}}: your lock or tag was removed',
      body: '{{details}} removed by {{actor}} while you were away (OSHA 1910.147 (e)(3)). Acknowledge it before you resume work.',
    }),
  },
  // `approvers` here are the offline supervisors; area supervisors when the change was to a permit.
  'sync.conflict': {
    relationships: ['subject', 'approvers', 'areaSupervisors'],
    recipients: ['subject', 'approvers'],
    channels: both,
    captions: [],
    texts: () => ({ subject: 'An offline change is in conflict: {{title}}', body: '{{details}}' }),
  },
  // The lock's owner and applier are its subject; `details` is the lock's serial.
  'lock.overdue': {
    relationships: [...permitPeople, 'subject'],
    recipients: ['subject', 'holder', 'issuer'],
    channels: both,
    captions: [overdueWords.title, overdueWords.body],
    texts: (t) => ({ subject: t(overdueWords.title), body: t(overdueWords.body) }),
  },
};

export const isSafetyCritical = (event: NotificationEvent) => safetyCriticalEvents.includes(event);

/** The template an event uses until the facility saves one: the default wording in English. */
export function defaultTemplate(event: NotificationEvent, english: Words): NotificationTemplate {
  const d = eventDefaults[event];
  return {
    event,
    safetyCritical: isSafetyCritical(event),
    channels: d.channels,
    recipients: d.recipients,
    relationships: d.relationships,
    groupIds: [],
    texts: [{ language: 'en', ...d.texts(english) }],
    version: 0,
  };
}
