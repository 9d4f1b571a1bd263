export const LOGIN_PATH = '/backend/login';
export const BACKOFFICE_HOME = '/backend';

/** Where the login page sends the user after a 401 elsewhere: back to where they were. */
export function loginPathFor(current: { pathname: string; search: string; hash?: string }): string {
  if (current.pathname === LOGIN_PATH) return LOGIN_PATH + current.search;
  const back = current.pathname + current.search + (current.hash ?? '');
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`;
}

/** The target after signing in: only a path on this site (no `//host`, no scheme), else the back office. */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return BACKOFFICE_HOME;
  }
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return BACKOFFICE_HOME;
  return target;
}
