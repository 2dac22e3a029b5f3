/**
 * A blob as a data: URL, for an <img> showing bytes fetched with the bearer token (which an <img>
 * cannot send). Nothing to revoke later, unlike an object URL, so a query cache may keep it.
 */
export function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read'));
    reader.readAsDataURL(blob);
  });
}
