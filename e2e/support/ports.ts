import path from 'node:path';

/**
 * Where the end-to-end server and its embedded PostgreSQL listen. Two runs on one machine (two
 * engineers, or a run beside `npm start`) choose other ports with HASP_E2E_PORT / HASP_E2E_PG_PORT,
 * and may serve their own web build with HASP_E2E_WEB_DIST.
 */
export const E2E_PORT = Number(process.env.HASP_E2E_PORT ?? 3100);
export const E2E_PG_PORT = Number(process.env.HASP_E2E_PG_PORT ?? 54339);
export const e2eBaseUrl = `http://127.0.0.1:${E2E_PORT}`;

/** The web build the server serves (HASP_E2E_WEB_DIST for a build of one's own, e.g. `vite build --outDir`). */
export const e2eWebDist = path.resolve(
  process.env.HASP_E2E_WEB_DIST ?? path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist'),
);

/** The e2e server's data folder (deleted on every run); its embedded database's password is in pg-password. */
export const e2eDataDir = path.join(import.meta.dirname, '..', '.data', `run-${E2E_PORT}`);
