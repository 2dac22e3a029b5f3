// Dashboards: the widget board with per-user layouts and the facility default.

// What app/ composes.

export { Dashboard } from './components/Dashboard';
