// The Administrator screen's server side: the connection's facilities, connection info, health with
// the job queues, and the audit log viewer.

export { administratorRoutes } from './administrator.routes';
