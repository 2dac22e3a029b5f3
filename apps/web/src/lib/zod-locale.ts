import * as z from 'zod/mini';

/**
 * zod/mini loads no locale: a check without a message of its own would say only "Invalid input".
 * Classic zod loaded English by itself; this keeps the same messages (e.g. "Too big: expected
 * string to have <=200 characters"). Imported first by main.tsx and by the test setup.
 */
z.config(z.locales.en());
