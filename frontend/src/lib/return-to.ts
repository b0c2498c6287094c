/**
 * Where the sign-in page sends the browser after success: the `returnTo` path when it stays on this site,
 * otherwise '/'. Mirrors the server's rule: a path starting with one '/', never '//' (another host), no
 * backslashes or control characters (browsers drop tabs and read '\' as '/', so '/\t/evil' or '/\evil' could
 * leave the site), and never back to the sign-in page itself.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 500 || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  const probe = 'http://return-to.invalid';
  let url: URL;
  try {
    url = new URL(value, probe);
  } catch {
    return '/';
  }
  if (url.origin !== probe) return '/';
  if (url.pathname === '/login') return '/';
  return value;
}
