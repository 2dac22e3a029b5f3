import type { RightNavId } from '@hasp/contracts';

/**
 * A signed-in route whose screen arrives with a later issue: until then it shows its titles and
 * one honest line about what it will hold (product.md's "Screens beyond the seed's words").
 */
export interface PlannedRoute {
  path: string;
  title: string;
  childTitle?: string;
  /** Right-nav entry that guards the route: switched on for the facility and permitted to the user. */
  rightNav?: RightNavId;
  description: string;
}

export const plannedRoutes: PlannedRoute[] = [
  {
    path: 'admin',
    title: 'Administrator',
    rightNav: 'administrator',
    description: 'The administrator’s home: facilities, connections and the settings that apply across them.',
  },
  {
    path: 'admin/settings-manager/facility',
    title: 'Settings Manager',
    childTitle: 'Facility',
    rightNav: 'settings-manager',
    description: 'This facility’s settings by area: general, modules, offline permit types and numbering.',
  },
  {
    path: 'security/user-manage',
    title: 'Security',
    childTitle: 'User Manage',
    rightNav: 'user-manage',
    description: 'The users of this facility: create and deactivate them, reset passwords and assign their groups.',
  },
  {
    path: 'security/group-manage',
    title: 'Security',
    childTitle: 'Group Manage',
    rightNav: 'group-manage',
    description: 'Groups and their permission matrix: what each group may see and do, per permit type.',
  },
  {
    path: 'security/lists',
    title: 'Security',
    childTitle: 'Security Lists',
    rightNav: 'security-lists',
    description: 'Which features this facility switches on, including each entry of the administration menu.',
  },
  {
    path: 'admin/user-management',
    title: 'Security',
    childTitle: 'NEW User Management',
    rightNav: 'user-management',
    description: 'Users, facilities and groups in one place: who may work where, and with which permissions.',
  },
  {
    path: 'assets/manage',
    title: 'Asset',
    childTitle: 'Asset Manage',
    rightNav: 'asset-manage',
    description: 'The area, asset and component tree of this facility, with search.',
  },
  {
    path: 'assets/components-manage',
    title: 'Asset',
    childTitle: 'Component Manage',
    rightNav: 'component-manage',
    description:
      'Components with their energy sources and isolation points: device, normal and isolated position, verification.',
  },
  {
    path: 'assets/import-files',
    title: 'Asset',
    childTitle: 'Import Manage',
    rightNav: 'import-manage',
    description: 'Upload assets from CSV or XLSX, read the row-by-row validation report, and see every earlier import.',
  },
  {
    path: 'masterlist/manage',
    title: 'Master List',
    childTitle: 'Master List Manage',
    rightNav: 'masterlist-manage',
    description: 'The lists behind the choices on every form: energy types, hazards, device types and more.',
  },
  {
    path: 'masterlist/prefix-manage',
    title: 'Master List',
    childTitle: 'Prefix Manage',
    rightNav: 'prefix-manage',
    description: 'The numbering prefix and sequence of each permit type.',
  },
  {
    path: 'question-manager',
    title: 'Master List',
    childTitle: 'Question Manage',
    rightNav: 'question-manage',
    description: 'Checklist questions for each permit type and stage.',
  },
  {
    path: 'announcement-manager',
    title: 'Master List',
    childTitle: 'Announcement Manage',
    rightNav: 'announcement-manage',
    description: 'Write, schedule and retire the announcements everyone in this facility sees.',
  },
  {
    path: 'notifications-manager',
    title: 'Master List',
    childTitle: 'Notification Template Manage',
    rightNav: 'notification-template-manage',
    description: 'The message sent for each event, with the variables it can use.',
  },
  {
    path: 'configuration/tag-report-links',
    title: 'Master List',
    childTitle: 'Tag Report Manage',
    rightNav: 'tag-report-manage',
    description: 'Which report each printed tag links to.',
  },
  {
    path: 'printlist',
    title: 'Print Manage',
    childTitle: 'Print List',
    rightNav: 'print-list',
    description: 'The queue of tags and permits to print: print to PDF, and reprint with a recorded reason.',
  },
  {
    path: 'printlist/print-settings',
    title: 'Print Manage',
    childTitle: 'Print Settings',
    rightNav: 'print-settings',
    description: 'The tag layout, its legend and its QR code.',
  },
  {
    path: 'report/report-settings',
    title: 'Print Manage',
    childTitle: 'Report Settings',
    rightNav: 'report-settings',
    description: 'Which reports exist and what each contains.',
  },
  {
    path: 'report/report-files',
    title: 'Print Manage',
    childTitle: 'Report Files',
    rightNav: 'report-files',
    description: 'Generated PDF and XLSX reports, ready to download.',
  },
  {
    path: 'translations',
    title: 'Translations',
    rightNav: 'translations',
    description: 'Every caption of the interface with its translation, filterable by type, feature, path and key.',
  },
  {
    path: 'facility-settings',
    title: 'Settings',
    childTitle: 'Facility Settings',
    rightNav: 'facility-settings',
    description: 'This facility’s name, time zone, default language and modules.',
  },
  {
    path: 'admin/settings',
    title: 'Settings',
    childTitle: 'Settings Table',
    rightNav: 'settings-table',
    description: 'Every setting as a key and a value, for support.',
  },
  {
    path: 'admin/connect',
    title: 'Hasp Connect',
    rightNav: 'connect',
    description:
      'API keys, signed webhooks and a documented REST API through which maintenance systems (SAP PM, Maximo) create and read permits.',
  },
  {
    path: 'announcements',
    title: 'Announcements',
    description: 'The announcements for this facility, newest first.',
  },
  {
    path: 'dashboards',
    title: 'Dashboards',
    description: 'Widgets you arrange: permits by status, permits expiring soon, open tags by area, inspections due.',
  },
];

/** The planned route at `path` (for the routes wired by hand, e.g. behind a gate). */
export function plannedRoute(path: string): PlannedRoute {
  const route = plannedRoutes.find((r) => r.path === path);
  if (!route) throw new Error(`No planned route ${path}`);
  return route;
}
