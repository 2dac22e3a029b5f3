// User Manage (Security): a facility's users, one-time passwords and unlock.

// Its page loads lazily (app/signed-in/pages.ts imports the component file directly), so nothing
// here weighs on the shell or the login route.

export { UserManagePage } from './components/UserManagePage';
export { MustChangePasswordScreen } from './components/MustChangePasswordScreen';
