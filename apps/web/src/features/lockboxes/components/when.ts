/** A sign-on or sign-off time as the crew reads it: the time today, else the date too. */
export function when(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(undefined, { timeStyle: 'short' })
    : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
