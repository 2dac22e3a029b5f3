// The Administrator screen: facilities, connection info, health and job queues, and the audit log
// viewer.

// What app/ composes (loaded lazily after sign-in).

export { AdministratorPage } from './components/AdministratorPage';
