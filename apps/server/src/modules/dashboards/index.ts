// Dashboards: per-user layouts, the facility default, and one route per widget counting through the
// permit index.

export { dashboardRoutes } from './dashboards.routes';
