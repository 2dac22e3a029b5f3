import type { PermitFacts } from '@hasp/contracts';
import { registerPermitCommandCheck, type PermitCommandCheck } from './permit-command-checks';
import { registerPermitContent, type PermitContentPlugin } from './permit-content';
import { registerPermitGuards, type PermitGuardPlugin } from './permit-guards';
import { registerPermitSigner, type PermitSigner } from './permit-signing';

/**
 * What another module brings to the permit lifecycle: guards that refuse a command (with the facts
 * they read), content a signature signs, a check run inside a command, the signer of the verbs that
 * hand over responsibility. Each module exports its part as a value; the app composes them from one
 * list (src/permit-lifecycle.ts), so that list says everything that can refuse, say, "issue".
 */
export interface PermitLifecyclePart {
  guards?: PermitGuardPlugin<never>;
  content?: readonly PermitContentPlugin[];
  check?: PermitCommandCheck;
  signer?: PermitSigner;
}

/** A module's guards, typed by its own facts, as a part of the lifecycle. */
export const lifecycleGuards = <F extends PermitFacts>(plugin: PermitGuardPlugin<F>): PermitGuardPlugin<never> =>
  plugin as unknown as PermitGuardPlugin<never>;

/**
 * Puts the parts in place, in the list's order (the order their guards and checks run in). A part
 * is known by its guards', checks' and contents' names: composing again replaces those of the same
 * name, so the demo seed may compose the parts its stories need before or after the app composes all.
 */
export function composePermitLifecycle(parts: readonly PermitLifecyclePart[]): void {
  for (const part of parts) {
    if (part.guards) registerPermitGuards(part.guards);
    for (const content of part.content ?? []) registerPermitContent(content);
    if (part.check) registerPermitCommandCheck(part.check);
    if (part.signer) registerPermitSigner(part.signer);
  }
}
