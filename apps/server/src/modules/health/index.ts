// Health checks: /api/health (liveness) and /api/health/ready (each connection).

export { healthRoutes } from './health.routes';
