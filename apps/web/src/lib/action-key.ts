import { useState } from 'react';

/**
 * One idempotency key per user action, as the server de-duplicates commands by it: sending the same
 * command again (the same body, after a lost answer or a refusal the user answered by pressing
 * again) reuses the key, so a command that did reach the server applies once; a changed body, or
 * the next action after one that succeeded, gets a new key (a key sent again with another body is
 * refused).
 */
export interface ActionKey {
  /** The key for sending `command` now. */
  keyFor(command: unknown): string;
  /** The action succeeded: the next command is a new action. */
  done(): void;
}

export function actionKey(newKey: () => string = () => crypto.randomUUID()): ActionKey {
  let last: { command: string; key: string } | null = null;
  return {
    keyFor(command) {
      const text = JSON.stringify(command) ?? '';
      if (last?.command !== text) last = { command: text, key: newKey() };
      return last.key;
    },
    done() {
      last = null;
    },
  };
}

/** `actionKey` kept for a component's life (a mutation hook's). */
export function useActionKey(): ActionKey {
  // Made once (useState's initializer); its keys change inside it, never as the component's state.
  const [key] = useState(actionKey);
  return key;
}
