import * as z from 'zod/mini';

/**
 * The seed's right-nav table, exactly: group, entry, route. Each entry is switched on per facility
 * by the security setting of the same `id`, and enabled per user by the permission `rightnav:<id>`.
 */
export const rightNavEntries = [
  { id: 'administrator', group: 'Administrator', entry: 'Administrator', route: '/admin' },
  {
    id: 'settings-manager',
    group: 'Settings Manager',
    entry: 'Settings Manager',
    route: '/admin/settings-manager/facility',
  },
  { id: 'user-manage', group: 'Security', entry: 'User Manage', route: '/security/user-manage' },
  { id: 'group-manage', group: 'Security', entry: 'Group Manage', route: '/security/group-manage' },
  { id: 'security-lists', group: 'Security', entry: 'Security Lists', route: '/security/lists' },
  { id: 'user-management', group: 'Security', entry: 'NEW User Management', route: '/admin/user-management' },
  { id: 'asset-manage', group: 'Asset', entry: 'Asset Manage', route: '/assets/manage' },
  { id: 'component-manage', group: 'Asset', entry: 'Component Manage', route: '/assets/components-manage' },
  { id: 'import-manage', group: 'Asset', entry: 'Import Manage', route: '/assets/import-files' },
  { id: 'lock-manage', group: 'Asset', entry: 'Lock Manage', route: '/assets/locks' },
  { id: 'masterlist-manage', group: 'Master List', entry: 'Master List Manage', route: '/masterlist/manage' },
  { id: 'prefix-manage', group: 'Master List', entry: 'Prefix Manage', route: '/masterlist/prefix-manage' },
  { id: 'question-manage', group: 'Master List', entry: 'Question Manage', route: '/question-manager' },
  { id: 'announcement-manage', group: 'Master List', entry: 'Announcement Manage', route: '/announcement-manager' },
  {
    id: 'notification-template-manage',
    group: 'Master List',
    entry: 'Notification Template Manage',
    route: '/notifications-manager',
  },
  {
    id: 'tag-report-manage',
    group: 'Master List',
    entry: 'Tag Report Manage',
    route: '/configuration/tag-report-links',
  },
  { id: 'print-list', group: 'Print Manage', entry: 'Print List', route: '/printlist' },
  { id: 'print-settings', group: 'Print Manage', entry: 'Print Settings', route: '/printlist/print-settings' },
  { id: 'report-settings', group: 'Print Manage', entry: 'Report Settings', route: '/report/report-settings' },
  { id: 'report-files', group: 'Print Manage', entry: 'Report Files', route: '/report/report-files' },
  { id: 'translations', group: null, entry: 'Translations', route: '/translations' },
  { id: 'facility-settings', group: 'Settings', entry: 'Facility Settings', route: '/facility-settings' },
  { id: 'settings-table', group: 'Settings', entry: 'Settings Table', route: '/admin/settings' },
  // The seed's "{product}onnect": Hasp Connect (product.md).
  { id: 'connect', group: null, entry: 'Hasp Connect', route: '/admin/connect' },
] as const;

export type RightNavId = (typeof rightNavEntries)[number]['id'];
export const rightNavIds: RightNavId[] = rightNavEntries.map((e) => e.id);

/** Permissions granted by groups. Per-permit-type ones end with the type's code. */
export type RightNavPermission = `rightnav:${RightNavId}`;
export const permitTypeActions = ['view', 'create', 'create-offline', 'approve', 'issue'] as const;
export type PermitTypeAction = (typeof permitTypeActions)[number];
export type PermitTypePermission = `permit:${PermitTypeAction}:${string}`;
/**
 * Permissions of the whole connection (every facility shares what they control: SSO, the directory,
 * the password policy). A user holds them through a connection grant (`connection_grants`), never
 * through a facility's group, so administering one facility never confers them.
 */
export const connectionPermissions = ['connection:settings'] as const;
export type ConnectionPermission = (typeof connectionPermissions)[number];
/**
 * Lockout/tagout permissions of a facility, granted by groups like the others.
 * `loto:remove-abandoned`: OSHA 1910.147 (e)(3), a supervisor removes a lock or tag whose applier is away.
 * `offline:supervise`: sees every conflict and rejected offline change of the facility and
 * may mark them resolved (decision 0055).
 * `gas:test`: records gas tests as their tester (the person who records a test is its tester).
 */
export const lotoPermissions = ['loto:remove-abandoned', 'offline:supervise', 'gas:test'] as const;
export type LotoPermission = (typeof lotoPermissions)[number];
export const gasTesterPermission: LotoPermission = 'gas:test';
export type Permission = RightNavPermission | PermitTypePermission | ConnectionPermission | LotoPermission;

export const rightNavPermission = (id: RightNavId): RightNavPermission => `rightnav:${id}`;
export const permitPermission = (action: PermitTypeAction, permitTypeCode: string): PermitTypePermission =>
  `permit:${action}:${permitTypeCode}`;

const permissionPattern = new RegExp(
  `^(rightnav:(${rightNavIds.join('|')})|permit:(${permitTypeActions.join('|')}):[A-Z0-9_-]{1,20}|${lotoPermissions.join('|')})$`,
);
export const permissionSchema = z.pipe(
  z.string().check(z.regex(permissionPattern, 'unknown permission')),
  z.transform((p: string) => p as Permission),
);
