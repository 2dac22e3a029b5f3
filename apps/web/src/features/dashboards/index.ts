/** The dashboards feature's public face: what app/ composes. */
export { Dashboard } from './components/Dashboard';
