import type { Migration } from 'kysely';
import * as init from './2026-11-22T0000-init';
import * as permissions from './2026-11-22T0100-permissions-settings-notifications';
import * as languages from './2026-11-22T0200-languages-announcements';

/** Every migration, by its timestamped name; kysely runs them in name order. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-init': init,
  '2026-11-22T0100-permissions-settings-notifications': permissions,
  '2026-11-22T0200-languages-announcements': languages,
};
