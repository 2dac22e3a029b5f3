import * as z from 'zod/mini';

/**
 * A permit made on this device before the server has numbered it: `local:<uuid>`. Later commands of
 * the same outbox target it by this id; the server maps it to the permit it created (and answers the
 * mapping, so the device replaces its provisional number by the server's).
 */
export const localIdSchema = z.string().check(z.regex(/^local:[0-9a-f-]{36}$/, 'a local id: local:<uuid>'));
