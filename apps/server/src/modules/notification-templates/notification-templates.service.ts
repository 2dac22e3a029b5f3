import type { Caller } from '../../platform';
import {
  notificationEvents,
  type NotificationEvent,
  type NotificationEmailList,
  type NotificationPreview,
  type NotificationPreviewInput,
  type NotificationTemplate,
  type NotificationTemplateInput,
  type NotificationTemplateList,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { defineCommand, type CommandRun } from '../../platform';
import { nearestSupervisedArea, permitAreaIds, type SupervisedArea } from '../area-supervisors';
import { fillCaption } from '../translations';
import { defaultTemplate, eventDefaults, isSafetyCritical } from './notification-catalog';
import { renderNotice } from './notification-render';
import {
  findTemplateRow,
  listFacilityGroups,
  listTemplateRows,
  permitValues,
  upsertTemplateRow,
  wallClock,
  type TemplateRow,
} from './notification-templates.repository';
import {
  optOutsPolicy,
  ownOptOutsTarget,
  templatesPolicy,
  templateTarget,
  type OptOutsState,
  type TemplateState,
} from './notification-templates.policy';

const english = (caption: { defaultCaption: string }, values?: Record<string, string>) =>
  fillCaption(caption.defaultCaption, values);

const toTemplate = (event: NotificationEvent, row: TemplateRow | undefined): NotificationTemplate => {
  const fallback = defaultTemplate(event, english);
  if (!row) return fallback;
  return {
    ...fallback,
    channels: row.channels as NotificationTemplate['channels'],
    recipients: row.recipients as NotificationTemplate['recipients'],
    groupIds: row.groupIds,
    texts: row.texts,
    version: row.version,
  };
};

/** Every event's template (saved, or the default at version 0), the groups and languages to choose from. */
export async function listTemplates(
  db: Db,
  facilityId: number,
  emailEnabled: boolean,
): Promise<NotificationTemplateList> {
  const [rows, groups, languages] = await Promise.all([
    listTemplateRows(db, facilityId),
    listFacilityGroups(db, facilityId),
    db.selectFrom('languages').select(['code', 'name']).orderBy('id').execute(),
  ]);
  return {
    templates: notificationEvents.map((event) =>
      toTemplate(
        event,
        rows.find((r) => r.event === event),
      ),
    ),
    groups,
    languages,
    emailEnabled,
  };
}

/** A draft's recipients must be relationships the event knows and groups of this facility; English is required. */
async function checkInput(db: Db, facilityId: number, event: NotificationEvent, input: NotificationTemplateInput) {
  const known = eventDefaults[event].relationships;
  const unknown = input.recipients.find((r) => !known.includes(r));
  if (unknown) throw AppError.validation([{ field: 'recipients', message: `This event has no ${unknown}.` }]);
  const groupIds = [...new Set(input.groupIds)];
  const groups = await listFacilityGroups(db, facilityId);
  if (groupIds.some((id) => !groups.some((g) => g.ID === id)))
    throw AppError.validation([{ field: 'groupIds', message: 'Choose groups of this facility.' }]);
  const languages = input.texts.map((t) => t.language);
  if (!languages.includes('en'))
    throw AppError.validation([
      { field: 'texts', message: 'The English text is required (other languages fall back to it).' },
    ]);
  if (new Set(languages).size !== languages.length)
    throw AppError.validation([{ field: 'texts', message: 'One text per language.' }]);
  // English first: the reader of a language without its own text reads it.
  const texts = [...input.texts].sort((a, b) => Number(b.language === 'en') - Number(a.language === 'en'));
  return { channels: [...new Set(input.channels)], recipients: [...new Set(input.recipients)], groupIds, texts };
}

/** The save's input: the event (the route's) and its draft. */
export type TemplateSave = NotificationTemplateInput & { event: NotificationEvent };

/**
 * Saves an event's template (configuration, audited `notification-templates.update`, announced
 * `notification-template.changed`); the runner refuses a stale version (0: never saved) with a 409
 * naming the current one.
 */
export const saveTemplate = defineCommand({
  name: 'notification-templates.update',
  target: templateTarget,
  policy: templatesPolicy['notification-templates.update'],
  async apply({
    trx,
    ctx,
    input,
    state,
    ...run
  }: CommandRun<TemplateSave, TemplateState>): Promise<NotificationTemplate> {
    const { facilityId, userId } = ctx.actor;
    const { event, ...draft } = input;
    const checked = await checkInput(trx, facilityId, event, draft);
    await upsertTemplateRow(trx, facilityId, userId, { event, ...checked }, ctx.now);
    run.audit({
      action: 'notification-templates.update',
      entityType: 'notification_templates',
      entityId: facilityId,
      before: state.row ? { ...state.row } : null,
      after: { event, ...checked, version: state.version + 1 },
    });
    run.event({
      name: 'notification-template.changed',
      entityType: 'notification_templates',
      entityId: facilityId,
      payload: { event },
    });
    return toTemplate(event, await findTemplateRow(trx, facilityId, event));
  },
});

/**
 * A draft rendered with a real permit of the facility (404 for another facility's), the caller as
 * the actor: the inbox's subject and body and the e-mail's HTML, as a reader would get them.
 */
export async function previewTemplate(
  db: Db,
  caller: Caller,
  input: NotificationPreviewInput,
  publicUrl: string,
  now: Date,
): Promise<NotificationPreview> {
  const permit = await db
    .selectFrom('permits')
    .select('id')
    .where('id', '=', input.permitId)
    .where('facility_id', '=', caller.facilityId)
    .executeTakeFirst();
  if (!permit) throw AppError.notFound('Permit');
  const actor = await db.selectFrom('users').select('display_name').where('id', '=', caller.userId).executeTakeFirst();
  const link = `${publicUrl}/Permit/Edit/${permit.id}`;
  const facts = await permitValues(db, caller.facilityId, permit.id);
  const values = {
    ...facts,
    actor: actor?.display_name ?? '',
    at: wallClock(facts.timeZone!)(now),
    link,
    details: '',
  };
  // Who "area supervisors" would reach for this permit, named, with the area they supervise.
  const covering: SupervisedArea[] = [];
  for (const areaId of await permitAreaIds(db, caller.facilityId, permit.id)) {
    const supervised = await nearestSupervisedArea(db, caller.facilityId, areaId);
    if (supervised && !covering.some((c) => c.areaId === supervised.areaId)) covering.push(supervised);
  }
  return {
    ...renderNotice({ subject: input.subject, body: input.body }, values, link),
    areaSupervisors: covering.length
      ? {
          area: covering.map((c) => `${c.number} ${c.name}`).join(', '),
          people: [...new Set(covering.flatMap((c) => c.people.map((p) => p.displayName)))],
        }
      : null,
  };
}

/** The facility's latest notification e-mails and how each went (a failure with the relay's words). */
export async function listEmails(db: Db, facilityId: number): Promise<NotificationEmailList> {
  const rows = await db
    .selectFrom('notification_emails')
    .select(['id', 'event', 'to_address', 'subject', 'state', 'error', 'created_at', 'sent_at'])
    .where('facility_id', '=', facilityId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return {
    emails: rows.map((r) => ({
      ID: r.id,
      event: r.event,
      to: r.to_address,
      subject: r.subject,
      state: r.state,
      error: r.error,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
    })),
  };
}

/** The events the user switched off. */
export async function listOptOuts(db: Db, userId: number): Promise<NotificationEvent[]> {
  const rows = await db.selectFrom('notification_opt_outs').select('event').where('user_id', '=', userId).execute();
  return notificationEvents.filter((e) => rows.some((r) => r.event === e));
}

/**
 * Replaces the user's opt-outs (audited `notification-opt-outs.update`, announced
 * `notification-opt-outs.changed`); a safety-critical event cannot be switched off (400 naming it).
 * The same events as now change nothing.
 */
export const saveOptOuts = defineCommand({
  name: 'notification-opt-outs.update',
  target: ownOptOutsTarget,
  policy: optOutsPolicy['notification-opt-outs.update'],
  async apply({ trx, input, state, ...run }: CommandRun<{ events: NotificationEvent[] }, OptOutsState>) {
    const critical = input.events.find(isSafetyCritical);
    if (critical)
      throw AppError.validation([
        { field: 'events', message: `${critical} is safety-critical: it cannot be switched off.` },
      ]);
    const { userId } = state;
    const before = await listOptOuts(trx, userId);
    const after = notificationEvents.filter((e) => input.events.includes(e));
    if (before.length === after.length && before.every((e, i) => e === after[i])) {
      run.unchanged();
      return { events: before };
    }
    await trx.deleteFrom('notification_opt_outs').where('user_id', '=', userId).execute();
    if (after.length)
      await trx
        .insertInto('notification_opt_outs')
        .values(after.map((event) => ({ user_id: userId, event })))
        .execute();
    run.audit({
      action: 'notification-opt-outs.update',
      entityType: 'user',
      entityId: userId,
      before: { events: before },
      after: { events: after },
    });
    run.event({ name: 'notification-opt-outs.changed', entityType: 'user', entityId: userId });
    return { events: after };
  },
});
