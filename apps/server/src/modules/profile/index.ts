// My profile: the user's details, password change and signed-in devices.

export { profileRoutes } from './profile.routes';
