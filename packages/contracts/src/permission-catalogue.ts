import * as z from 'zod/mini';
import { idSchema } from './ids';
import type { Caption } from './captions/define-captions';
import {
  permissionLotoDescriptions,
  permissionLotoLabels,
  permissionPermitActionDescriptions,
  permissionPermitActionLabels,
  permissionRightNavDescriptions,
} from './captions/group-manage';
import {
  lotoPermissions,
  permitPermission,
  permitTypeActions,
  rightNavEntries,
  rightNavIds,
  rightNavPermission,
  type PermitTypeAction,
  type RightNavId,
} from './permissions';

/**
 * The catalogue of permissions a group can grant, each with what it lets a member do. Right-nav
 * permissions are fixed; per-permit-type ones exist for each action × each permit type of the
 * facility, so the concrete list is built per facility (`buildPermissionCatalogue`).
 * Descriptions are captions: the web shows them translated, the API sends the default English.
 */
export const rightNavPermissionCatalogue = rightNavEntries.map((entry) => ({
  permission: rightNavPermission(entry.id),
  rightNavId: entry.id,
  group: entry.group,
  entry: entry.entry,
  route: entry.route,
  description: permissionRightNavDescriptions[entry.id] satisfies Caption,
}));

export const permitActionCatalogue: { action: PermitTypeAction; label: Caption; description: Caption }[] =
  permitTypeActions.map((action) => ({
    action,
    label: permissionPermitActionLabels[action],
    description: permissionPermitActionDescriptions[action],
  }));

/** The lockout/tagout permissions, the same in every facility. */
export const lotoPermissionCatalogue = lotoPermissions.map((permission) => ({
  permission,
  label: permissionLotoLabels[permission] satisfies Caption,
  description: permissionLotoDescriptions[permission] satisfies Caption,
}));

export const permissionKinds = ['rightnav', 'permit', 'loto'] as const;

/** One grantable permission of a facility, as GET /api/security/permissions lists it. */
export const permissionCatalogueEntrySchema = z.object({
  permission: z.string(),
  kind: z.enum(permissionKinds),
  /** Right nav: the menu group (null for a single entry). Permit: the permit type's name. Loto: null. */
  group: z.nullable(z.string()),
  /** Right nav: the menu entry. Permit: the action's label. */
  label: z.string(),
  rightNavId: z.nullable(z.enum(rightNavIds as [RightNavId, ...RightNavId[]])),
  permitType: z.nullable(z.object({ code: z.string(), name: z.string() })),
  action: z.nullable(z.enum(permitTypeActions)),
  description: z.string(),
});
export type PermissionCatalogueEntry = z.infer<typeof permissionCatalogueEntrySchema>;
export const permissionCatalogueSchema = z.array(permissionCatalogueEntrySchema);

const fill = (caption: Caption, values: Record<string, string>) =>
  caption.defaultCaption.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');

/**
 * The facility's concrete catalogue: every right-nav permission, then each action of each permit
 * type, then the lockout/tagout permissions.
 */
export function buildPermissionCatalogue(permitTypes: { code: string; name: string }[]): PermissionCatalogueEntry[] {
  return [
    ...rightNavPermissionCatalogue.map((p) => ({
      permission: p.permission,
      kind: 'rightnav' as const,
      group: p.group,
      label: p.entry,
      rightNavId: p.rightNavId,
      permitType: null,
      action: null,
      description: p.description.defaultCaption,
    })),
    ...permitTypes.flatMap((type) =>
      permitActionCatalogue.map((a) => ({
        permission: permitPermission(a.action, type.code),
        kind: 'permit' as const,
        group: type.name,
        label: a.label.defaultCaption,
        rightNavId: null,
        permitType: { code: type.code, name: type.name },
        action: a.action,
        description: fill(a.description, { type: type.name }),
      })),
    ),
    ...lotoPermissionCatalogue.map((p) => ({
      permission: p.permission,
      kind: 'loto' as const,
      group: null,
      label: p.label.defaultCaption,
      rightNavId: null,
      permitType: null,
      action: null,
      description: p.description.defaultCaption,
    })),
  ];
}

// Group Manage

export const groupNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name: at most 100 characters'));

export const groupInputSchema = z.object({
  name: groupNameSchema,
  description: z.string().check(z.trim(), z.maxLength(500, 'Description: at most 500 characters')),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

export const groupSummarySchema = z.object({
  ID: z.int(),
  name: z.string(),
  description: z.string(),
  memberCount: z.int(),
  /** Whether the caller belongs to it (then they cannot change its permissions). */
  isCallerMember: z.boolean(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupMemberSchema = z.object({
  ID: z.int(),
  userName: z.string(),
  displayName: z.string(),
  isActive: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupMemberInputSchema = z.object({ userId: idSchema });

export const groupPermissionsSchema = z.object({
  permissions: z.array(z.string()).check(z.maxLength(2000)),
});
export type GroupPermissions = z.infer<typeof groupPermissionsSchema>;

// Security Lists

export const securityListItemSchema = z.object({
  feature: z.enum(rightNavIds as [RightNavId, ...RightNavId[]]),
  group: z.nullable(z.string()),
  entry: z.string(),
  route: z.string(),
  enabled: z.boolean(),
  /** Switching it off is refused (it would lock everyone out of this screen). */
  locked: z.boolean(),
  description: z.string(),
});
export type SecurityListItem = z.infer<typeof securityListItemSchema>;
export const securityListsSchema = z.array(securityListItemSchema);

export const securityListsInputSchema = z.object({
  features: z
    .array(z.object({ feature: z.enum(rightNavIds as [RightNavId, ...RightNavId[]]), enabled: z.boolean() }))
    .check(z.maxLength(rightNavIds.length)),
});
export type SecurityListsInput = z.infer<typeof securityListsInputSchema>;

/** Features an administrator cannot switch off here: doing so would leave no way back. */
export const lockedSecurityFeatures: readonly RightNavId[] = ['security-lists'];
