// The lifecycle's command verbs on their own: the lifecycle's captions name them, and the
// lifecycle imports those captions.

/** Command verbs (kebab-case: each is a URL segment, `POST /api/permits/:id/commands/<verb>`). */
export const permitCommands = [
  'request',
  'edit',
  'approve',
  'reject',
  'isolate',
  'issue',
  'accept',
  'suspend',
  'revalidate',
  'start-test',
  'end-test',
  'extend',
  'hand-over',
  'complete-work',
  'de-isolate',
  'close',
  'cancel',
  'expire',
] as const;
export type PermitCommand = (typeof permitCommands)[number];
