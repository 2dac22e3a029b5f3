// NEW User Management: users across facilities and groups, bulk actions and CSV import.

export { userManagementRoutes } from './user-management.routes';
