import { createContext, useContext, type ReactNode, type Ref } from 'react';
import type { Permit, PermitCommand } from '@hasp/contracts';

/** What the command dialog asks of fields another feature adds to it, when the user confirms. */
export interface CommandFieldsHandle {
  /** What the fields add to the command's body; null when it cannot be sent yet (the fields say why). */
  collect: (body: object) => object | null;
}

export interface CommandFieldsProps {
  ref: Ref<CommandFieldsHandle>;
  permit: Permit;
  verb: PermitCommand;
  /** The command's last refusal: the fields may explain it and offer a way past it. */
  refusal: unknown;
  /** The dialog asks for the signer's password itself: fields that need it take it from the body. */
  passwordAsked: boolean;
}

/**
 * Fields another feature adds to the command dialog (the SIMOPS override): app/ provides them, as it
 * composes the permit page's sections, since a feature never imports another. A render function, not
 * a component, so the dialog draws a stable element (the fields keep their state).
 */
export const CommandFieldsContext = createContext<((props: CommandFieldsProps) => ReactNode) | null>(null);

export const useCommandFields = () => useContext(CommandFieldsContext);
