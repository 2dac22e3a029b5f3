/**
 * User Manage (Security). Its page loads lazily (app/signed-in/pages.ts imports the component file
 * directly), so nothing here weighs on the shell or the login route.
 */
export { UserManagePage } from './components/UserManagePage';
export { MustChangePasswordScreen } from './components/MustChangePasswordScreen';
