// The dashboards module's public surface: app.ts imports only from here (decision 0027).
export { dashboardRoutes } from './dashboards.routes';
