// Settings Manager (the facility's settings) and the Settings Table (the settings catalogue).

export { adminSettingsRoutes } from './admin-settings.routes';
