let shown = () => {};
const firstPage = new Promise<void>((resolve) => {
  shown = resolve;
});

/** Called by the signed-in layout once its first page has rendered (or failed to). */
export function firstPageShown(): void {
  shown();
}

/**
 * Settles once the signed-in area's first page has rendered (or failed), or `within` ms from now,
 * whichever comes first: work the first screen does not show (the outbox's pusher, the sign-in
 * download) waits behind it, never long. A gate in front of the pages (a password change, an
 * acknowledgement) renders no page: then the time limit. (The code the app shows offline does not
 * wait: it loads beside the first screen, app/router.tsx.)
 */
export function afterFirstPage(within = 3_000): Promise<void> {
  return Promise.race([firstPage, new Promise<void>((resolve) => window.setTimeout(resolve, within))]);
}
