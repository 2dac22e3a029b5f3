/** The query parameter of /login that carries the page to return to after sign-in. */
export const REDIRECT_PARAM = 'redirect';

interface LocationLike {
  pathname: string;
  search?: string;
  hash?: string;
}

function isEntryPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === '/' || path.toLowerCase() === '/login';
}

/**
 * The URL to remember when an unauthenticated user is sent to sign in: the attempted URL, except
 * `/` and `/login` (the seed's rule), which need no remembering.
 * @example redirectTargetFor({ pathname: '/permits/7', search: '?tab=tags' }) // '/permits/7?tab=tags'
 */
export function redirectTargetFor(location: LocationLike): string | null {
  if (isEntryPath(location.pathname)) return null;
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/** `/login`, with the attempted URL remembered when there is one. */
export function loginPathFor(location: LocationLike): string {
  const target = redirectTargetFor(location);
  return target ? `/login?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}` : '/login';
}

/**
 * Where to go after sign-in: the remembered target when it is a path on this site, otherwise `/`.
 * Anything that could leave the site (`//evil.example`, `https://…`, `/\evil`) is refused.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) return '/';
  const base = 'https://hasp.invalid';
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return '/';
  }
  if (url.origin !== base || isEntryPath(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
