import * as z from 'zod/mini';

/*
 * The audit trail's check (GET /api/admin/audit/verify): each hash chain walked in order, and the
 * first row found broken. See docs/decisions/0022-tamper-evident-audit-trail.md.
 */

/**
 * Why a row is broken: `edited` (its content no longer gives its hash), `missing` (no row at this
 * position: deleted, or the table truncated), `relinked` (it does not carry the hash of the row
 * before it), `head` (the chain ends elsewhere than its recorded head: rows removed or replaced),
 * `rewritten` (the chain is consistent but this row's hash is not the one the signed checkpoint
 * outside the database copied: the row was changed and the chain recomputed after it).
 */
export const auditBreakReasons = ['edited', 'missing', 'relinked', 'head', 'rewritten'] as const;
export type AuditBreakReason = (typeof auditBreakReasons)[number];

export const auditBrokenRowSchema = z.object({
  facilityID: z.nullable(z.int()).check(z.describe('The chain: the facility, or null for connection-wide')),
  position: z.int().check(z.describe('Position in the chain, from 1')),
  ID: z.nullable(z.string()).check(z.describe('The audit entry at that position; null when it is missing')),
  reason: z.enum(auditBreakReasons),
});
export type AuditBrokenRow = z.infer<typeof auditBrokenRowSchema>;

export const auditChainCheckSchema = z.object({
  facilityID: z.nullable(z.int()),
  checked: z.int().check(z.describe('Rows verified in this chain')),
  ok: z.boolean(),
});

export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  checked: z.int().check(z.describe('Rows verified over all chains')),
  checkedAt: z.string(),
  chains: z.array(auditChainCheckSchema),
  firstBroken: z.nullable(auditBrokenRowSchema).check(z.describe('The first broken row; null when all is intact')),
  anchor: z
    .nullable(
      z.object({
        checkpoints: z.int().check(z.describe('Signed checkpoint lines read from the data folder')),
        anchored: z.int().check(z.describe('Rows compared with their checkpointed hash')),
        problem: z.nullable(z.string()).check(z.describe('What is wrong with the checkpoint file itself, if anything')),
      }),
    )
    .check(z.describe('The checkpoints outside the database; null when this server keeps none')),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;
