import type { Permit } from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import { runCommand, systemActor, type EventBus } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { permitCommandDefinitions } from './permit-command.service';

/** The lifecycle commands the system gives on its own (contracts' `systemCommands`: it may give no other). */
export type PermitSystemCommand = 'expire' | 'suspend';

/**
 * Runs a lifecycle command as the system (the expiry job; the gas test suspension): the same runner, target, decision and
 * use case as a person's command; the audit row names no user and the event's `actorId` is null.
 * A permit the command no longer fits (closed meanwhile, validity moved on by an extension, another
 * facility's) is not an error for a job: it answers `applied: false` with the reason.
 * @example await runPermitCommandAsSystem(ctx.events, connection, facilityId, permitId, 'expire', new Date());
 */
export async function runPermitCommandAsSystem(
  events: EventBus,
  connection: Connection,
  facilityId: number,
  permitId: number,
  command: PermitSystemCommand,
  now: Date,
  input: { reason?: string } = {},
): Promise<{ applied: true; permit: Permit } | { applied: false; reason: string }> {
  const definition = permitCommandDefinitions[command];
  const ctx = {
    actor: systemActor(facilityId),
    connection,
    requestId: `system:${definition.name}:${permitId}`,
    address: '',
    now,
    expiresAt: Number.POSITIVE_INFINITY,
  };
  try {
    const { result } = await runCommand(events, ctx, definition, {
      name: definition.name,
      targetId: permitId,
      input,
    });
    return { applied: true, permit: result };
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { applied: false, reason: error.message };
    throw error;
  }
}
