import type { QueryClient } from '@tanstack/react-query';
import {
  isolationPlanNextStepFields,
  permitPermission,
  type IsolationPlan,
  type OfflinePermit,
  type Permit,
  type PermitCreate,
  type PermitTypeInfo,
} from '@hasp/contracts';
import { browserDatabase, type StoredPermit } from '../../../offline-db';
import { queueCommand } from './outbox';
import type { PermitFormValues } from '../model/permit-form';
import { localAlias, type LocalActor } from '../../../lib/offline-apply';
import { offlinePermitCommands, provisionalNumber } from './local-apply';
import { notSavedError } from './offline-source';
import { permitTypeSectionsOffline } from './reference';
import { currentOwner, localActorOf, storedKeyOf } from './stored-permit';

/** A permit made on this device: its local id (what later commands target) and the page's id. */
export interface CreatedOffline {
  localId: string;
  pageId: number;
  number: string;
}

/** Whether this person may create this type of permit without a network (`permit:create-offline:<CODE>`). */
export const mayCreateOffline = (actor: LocalActor, typeCode: string) =>
  actor.permissions.has(permitPermission('create-offline', typeCode));

/** The draft as the page shows it before the server has seen it (pure: tested). */
export function draftPermit(
  type: PermitTypeInfo,
  sections: Permit['permitType']['sections'],
  body: PermitCreate,
  values: PermitFormValues,
  actor: LocalActor,
  uuid: string,
  now: Date,
): OfflinePermit {
  const at = now.toISOString();
  const permit: Permit = {
    ID: localAlias(uuid),
    number: provisionalNumber(type.code, uuid, now),
    permitType: { ID: type.ID, code: type.code, name: type.name, icon: type.icon, color: type.color, sections },
    status: 'draft',
    title: body.title.trim(),
    description: body.description.trim(),
    workMethod: body.workMethod.trim(),
    area: values.area && { ID: values.area.ID, ...splitLabel(values.area.label) },
    assets: values.assets.map((a) => {
      const { number, name } = splitLabel(a.label);
      return { ID: a.ID, number, description: name };
    }),
    plannedStart: body.plannedStart,
    plannedEnd: body.plannedEnd,
    requester: { ID: actor.userId, displayName: actor.displayName },
    holder: values.holder && { ID: values.holder.ID, displayName: values.holder.displayName },
    issuer: null,
    approvals: [],
    riskLevel: body.riskLevel,
    revision: 0,
    version: 0,
    extensionCount: 0,
    statusReason: null,
    allowedCommands: [],
    voidedAt: null,
    voidReason: null,
    createdAt: at,
    updatedAt: at,
  };
  permit.allowedCommands = offlinePermitCommands(permit, actor, now);
  const offlineSections: OfflinePermit['sections'] = {};
  if (sections.includes('isolation-plan')) {
    const plan: Omit<IsolationPlan, 'nextStep' | 'allowedVerbs'> = {
      permitId: permit.ID,
      permitNumber: permit.number,
      permitStatus: 'draft',
      version: 0,
      notified: null,
      shutDown: null,
      storedEnergyReleased: null,
      areaInspected: null,
      peopleClear: null,
      releaseNotified: null,
      points: [],
    };
    // Points come from the assets' isolation points on the server: added once it has the permit.
    offlineSections['isolation-plan'] = { ...plan, ...isolationPlanNextStepFields(plan), allowedVerbs: [] };
    offlineSections.tags = [];
  }
  return { permit, sections: offlineSections, versions: {} };
}

/** "number · name" as the pickers label places, back into its parts. */
function splitLabel(label: string): { number: string; name: string } {
  const [number = label, ...rest] = label.split(' · ');
  return { number, name: rest.join(' · ') };
}

/**
 * Creates the permit on this device: the `permit.create` command queued and the draft stored in ONE
 * strict transaction; resolves only once both are on disk ("Saved offline" may then be shown). A
 * refusal (no permission) or a full disk throws with the reason, and nothing is written.
 */
export async function createOffline(
  client: QueryClient,
  type: PermitTypeInfo,
  body: PermitCreate,
  values: PermitFormValues,
): Promise<CreatedOffline> {
  const owner = currentOwner();
  if (!owner) throw new Error('Nobody is signed in.');
  const actor = await localActorOf(client, owner);
  if (!mayCreateOffline(actor, type.code))
    throw new Error(
      `You need the permission ${permitPermission('create-offline', type.code)} to create this permit offline.`,
    );
  const db = browserDatabase();
  const sections = (await permitTypeSectionsOffline(db, owner, type.code))?.sections ?? [];
  const uuid = crypto.randomUUID();
  const localId = `local:${uuid}`;
  const data = draftPermit(type, sections, body, values, actor, uuid, new Date());
  const row: StoredPermit = {
    connectionStringName: owner.connectionStringName,
    facilityId: owner.facilityId,
    userId: owner.userId,
    key: storedKeyOf(owner, localId),
    permitType: type.code,
    version: 0,
    data,
    updatedAt: data.permit.createdAt,
    provisionalNumber: data.permit.number,
  };
  try {
    await db.transaction('rw', db.outbox, db.meta, db.permits, async () => {
      await queueCommand(db, owner, {
        name: 'permit.create',
        targetId: localId,
        input: body,
        baseVersion: null,
        permitKey: row.key,
        provisionalNumber: data.permit.number,
      });
      await db.permits.add(row);
    });
  } catch (error) {
    throw notSavedError(error);
  }
  return { localId, pageId: data.permit.ID, number: data.permit.number };
}
