// NEW User Management (Admin): users across facilities and groups, bulk actions and CSV import.

// Its page loads lazily (app/signed-in/pages.ts imports the component file directly), so nothing
// here weighs on the shell or the login route.

export { UserManagementPage } from './components/UserManagementPage';
