/**
 * Saves a blob under a name through a temporary link (files that need the bearer token cannot be
 * plain links). Features that still carry their own copy can move to this one.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
