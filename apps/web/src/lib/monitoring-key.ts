/**
 * The monitoring key (an Application Insights connection string). A `<meta name="hasp-monitoring">`
 * in the served page wins, so one build can be deployed with different keys; otherwise the build's
 * `VITE_APPINSIGHTS_CONNECTION_STRING`. No key: no monitoring, and its code is never loaded.
 */
export function monitoringConnectionString(
  doc: Document = document,
  buildValue: unknown = import.meta.env.VITE_APPINSIGHTS_CONNECTION_STRING,
): string | null {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="hasp-monitoring"]')?.content.trim();
  if (meta) return meta;
  return typeof buildValue === 'string' && buildValue.trim() ? buildValue.trim() : null;
}
