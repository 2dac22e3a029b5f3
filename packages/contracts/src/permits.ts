import * as z from 'zod/mini';
import { idSchema } from './ids';
import { permitStatuses } from './permit-lifecycle';

/**
 * Permits (issue 15): a facility's permit to work, numbered from its type's pattern when created.
 * Reads and writes are facility-scoped (another facility's permit answers 404) and need the type's
 * permission (`permit:view:<CODE>`, `permit:create:<CODE>`). Status changes only through the
 * lifecycle commands (permit-lifecycle.ts); a new permit is a draft.
 */

/** At most this many assets on one permit. */
export const PERMIT_ASSETS_MAX = 200;

const text = (max: number, label: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${label}: at most ${max} characters`));
const dateTime = z.iso.datetime({ offset: true });

/**
 * POST /api/permits: a new draft permit of a type, requested by the caller. Its planned end must be
 * after its start and within the type's maximum validity (checked by the server: 400 naming plannedEnd).
 */
export const permitCreateSchema = z
  .object({
    permitTypeId: idSchema,
    title: z
      .string()
      .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200, 'Title: at most 200 characters')),
    description: text(4000, 'Description'),
    workMethod: text(4000, 'Work method'),
    areaId: z.nullable(idSchema),
    assetIds: z.array(idSchema).check(z.maxLength(PERMIT_ASSETS_MAX, `Assets: at most ${PERMIT_ASSETS_MAX}`)),
    plannedStart: dateTime,
    plannedEnd: dateTime,
    /** The performing authority, if known already (a user of the facility). */
    holderId: z.nullable(idSchema),
  })
  .check(
    z.refine((p) => Date.parse(p.plannedEnd) > Date.parse(p.plannedStart), {
      path: ['plannedEnd'],
      error: 'Planned end must be after planned start',
    }),
  );
export type PermitCreate = z.infer<typeof permitCreateSchema>;

const person = z.object({ ID: z.int(), displayName: z.string() });

export const permitSchema = z.object({
  ID: z.int(),
  number: z.string(),
  permitType: z.object({ ID: z.int(), code: z.string(), name: z.string(), icon: z.string(), color: z.string() }),
  status: z.enum(permitStatuses),
  title: z.string(),
  description: z.string(),
  workMethod: z.string(),
  area: z.nullable(z.object({ ID: z.int(), number: z.string(), name: z.string() })),
  assets: z.array(z.object({ ID: z.int(), number: z.string(), description: z.string() })),
  plannedStart: z.string(),
  plannedEnd: z.string(),
  requester: person,
  holder: z.nullable(person),
  issuer: z.nullable(person),
  approvals: z.array(z.object({ user: person, approvedAt: z.string() })),
  revision: z.int(),
  version: z.int(),
  extensionCount: z.int(),
  voidedAt: z.nullable(z.string()),
  voidReason: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Permit = z.infer<typeof permitSchema>;
