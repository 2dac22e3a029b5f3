import type { PermitCommand } from '@hasp/contracts';
import type { CommandRun } from '../../platform';
import type { PermitCommandBody } from './permit-command-body';
import type { PermitState } from './permits.policy';

/**
 * A check another module runs inside a lifecycle command's transaction, after the lifecycle has let
 * it through and before the permit moves (the SIMOPS conflicts on approve and issue). Unlike a
 * guard's facts, which every read of a permit and the offline download load, it reads only when the
 * command is given, and may read other permits and record rows of its own; it refuses by throwing.
 */
export interface PermitCommandCheck {
  /** Who registered it (a second registration under the same name replaces the first). */
  name: string;
  commands: readonly PermitCommand[];
  check(command: PermitCommand, run: CommandRun<PermitCommandBody, PermitState>): Promise<void>;
}

const checks = new Map<string, PermitCommandCheck>();

export function registerPermitCommandCheck(check: PermitCommandCheck): void {
  checks.set(check.name, check);
}

/** Runs every check registered for the command, in registration order. */
export async function runPermitCommandChecks(
  command: PermitCommand,
  run: CommandRun<PermitCommandBody, PermitState>,
): Promise<void> {
  for (const check of checks.values()) {
    if (check.commands.includes(command)) await check.check(command, run);
  }
}
