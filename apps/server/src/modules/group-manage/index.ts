// Group Manage: groups, their members, the permission matrix and its escalation rules.

export { groupManageRoutes } from './group-manage.routes';
