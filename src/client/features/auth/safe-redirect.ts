/**
 * Where to go after logging in: `?redirect=` only when it is a path of this site (never another origin,
 * never `//host`, never back to the login screen); else home.
 */
export function safeRedirect(raw: string | null | undefined, origin = window.location.origin): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return '/';
    if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
