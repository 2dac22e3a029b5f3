import type { TagCommand } from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import type { TagRow } from './tags.repository';

/** Where a tag change is recorded: the running command's audit rows and events (a command may record several). */
export type TagRecorder = Pick<CommandRun<unknown, unknown>, 'audit' | 'event'>;

// The audit keeps no token: whoever reads the trail must not get the public address from it.
const stored = ({ statusTokenRevokedAt, ...tag }: TagRow) => ({ ...tag, linkRevoked: statusTokenRevokedAt !== null });

/**
 * The audit row and event `tag.<verb>` of one tag change, the same whether the tag's own command
 * made it or another command changed the tag in its transaction (a crew member's sign-on or sign-off).
 */
export function recordTagChange(
  run: TagRecorder,
  change: {
    /** A tag command, or 'reprint' (printing's `tag.reprint`, which keeps the state). */
    command: TagCommand | 'reprint';
    before: TagRow;
    after: TagRow;
    actorId: number;
    reason?: string | null;
    replacement?: { id: number; number: string } | null;
    /** A print: what the paper shows (the tag's stamp and its facts, no token). */
    printed?: { stamp: string; facts: object };
  },
): void {
  const { command, before, after, replacement } = change;
  run.audit({
    action: `tag.${command}`,
    entityType: 'tag',
    entityId: before.id,
    before: stored(before),
    after: {
      ...stored(after),
      ...(replacement ? { replacedBy: replacement } : {}),
      ...(change.printed ? { printed: { ...change.printed.facts, stamp: change.printed.stamp } } : {}),
    },
    reason: change.reason ?? null,
  });
  run.event({
    name: `tag.${command}`,
    entityType: 'tag',
    entityId: before.id,
    payload: {
      tagId: before.id,
      permitId: before.permitId,
      number: before.number,
      from: before.state,
      to: after.state,
      actorId: change.actorId,
      ...(replacement ? { replacementTagId: replacement.id, replacementNumber: replacement.number } : {}),
    },
  });
}
