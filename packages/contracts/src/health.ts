import * as z from 'zod/mini';

export const healthSchema = z.object({ status: z.literal('ok'), version: z.string() });
export type Health = z.infer<typeof healthSchema>;

export const readinessSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  connections: z.array(z.object({ name: z.string(), ok: z.boolean() })),
});
export type Readiness = z.infer<typeof readinessSchema>;
