import type { PermitGroup, PermitType } from '@hasp/contracts';

/** What a dialog is open for: a new or existing group or type (`groupId`: where a new type goes). */
export type Editing =
  | { kind: 'group'; group: PermitGroup | null }
  | { kind: 'type'; type: PermitType | null; groupId: number | null }
  | { kind: 'delete'; group: PermitGroup }
  | null;
