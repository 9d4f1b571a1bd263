import { t } from '@ordering/common';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiRequestError, type ApiClient } from '../api/ApiClient';
import type { ApiErrorEntry } from '../api/types';
import { messages } from '../i18n/messages';

export interface LoginInput {
  username: string;
  password: string;
}

/** The signed-in user as far as the shell needs it; the full type comes with the auth contract. */
export interface SignedInUser {
  username: string;
}

/** Sign-in state of the back office: the request in flight and the errors to show. */
export class AuthStore {
  user: SignedInUser | null = null;
  /** Roles of the signed-in user (`ROLE_ADMIN`, …). */
  roles: string[] = [];
  /** The user's full name when known, for the header. */
  displayName: string | null = null;
  /** Ids of the user's branches (employees are limited to them). */
  branchIds: number[] = [];
  /** Whether the session was asked for after a reload (`GET /api/auth/session`). */
  sessionChecked = false;
  submitting = false;
  errors: ApiErrorEntry[] = [];

  private readonly api: ApiClient;

  constructor(api: ApiClient) {
    this.api = api;
    makeAutoObservable<AuthStore, 'api'>(this, { api: false }, { autoBind: true });
  }

  get isSignedIn(): boolean {
    return this.user !== null;
  }

  /** The message the form shows at its top: the server's first error. */
  get errorMessage(): string | undefined {
    return this.errors[0]?.message;
  }

  /** The first error that belongs to a field, for aria-invalid and the text under it. */
  fieldError(field: keyof LoginInput): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }

  clearErrors(): void {
    this.errors = [];
  }

  /** Shows why a sign-in arriving by redirect failed (`/backend/login?error=...` from the backend). */
  showRedirectError(code: string | null): void {
    if (code === 'login-link-invalid') this.errors = [{ message: t('auth.loginLinkInvalid') }];
  }

  /**
   * After a reload: asks `GET /api/auth/session` for the user, roles and the CSRF token. Resolves whether a
   * session exists; a missing session is no error (the layout sends the user to the sign-in page).
   */
  async loadSession(): Promise<boolean> {
    if (this.user) return true;
    try {
      const data = await this.api.get<unknown>('/api/auth/session', { redirectOnUnauthorized: false });
      this.api.setCsrfToken(csrfTokenOf(data));
      const username = usernameOf(data);
      runInAction(() => {
        if (username) {
          this.user = { username };
          this.applyProfile(data);
        }
        this.sessionChecked = true;
      });
      return username !== undefined;
    } catch {
      runInAction(() => {
        this.sessionChecked = true;
      });
      return false;
    }
  }

  /** Ends the session on the server (and forgets it here even when the server cannot be reached). */
  async logout(): Promise<void> {
    try {
      await this.api.post('/api/auth/logout', undefined, { redirectOnUnauthorized: false });
    } catch {
      // Signed out locally either way; the cookie expires on the server.
    }
    this.api.setCsrfToken(null);
    runInAction(() => {
      this.user = null;
      this.roles = [];
      this.displayName = null;
      this.branchIds = [];
    });
  }

  private applyProfile(data: unknown): void {
    const profile = profileOf(data);
    this.roles = profile.roles;
    this.displayName = profile.displayName;
    this.branchIds = profile.branchIds;
  }

  /**
   * Posts the credentials to `POST /api/auth/login`. Resolves true when signed in; on failure the
   * server's errors (or a German fallback) are kept in `errors` and it resolves false.
   */
  async login(input: LoginInput): Promise<boolean> {
    if (this.submitting) return false;
    const username = input.username.trim();
    const missing: ApiErrorEntry[] = [];
    if (!username) missing.push({ message: messages.usernameRequired, field: 'username' });
    if (!input.password) missing.push({ message: messages.passwordRequired, field: 'password' });
    if (missing.length > 0) {
      this.errors = missing;
      return false;
    }

    this.submitting = true;
    this.errors = [];
    try {
      const data = await this.api.post<unknown>(
        '/api/auth/login',
        { username, password: input.password },
        // Wrong credentials answer 401; that is a message for this form, not a redirect to it.
        { redirectOnUnauthorized: false },
      );
      // Writes made with the session cookie must carry the session's CSRF token.
      this.api.setCsrfToken(csrfTokenOf(data));
      runInAction(() => {
        this.user = { username: usernameOf(data) ?? username };
        this.applyProfile(data);
        this.sessionChecked = true;
        this.submitting = false;
      });
      return true;
    } catch (error) {
      runInAction(() => {
        this.errors = error instanceof ApiRequestError ? error.errors : [{ message: messages.unknownError }];
        this.submitting = false;
      });
      return false;
    }
  }
}

// The response shape is not fixed yet; accept `{ user: { username } }` or `{ username }`.
function usernameOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  const source =
    typeof record.user === 'object' && record.user !== null
      ? (record.user as Record<string, unknown>)
      : record;
  return typeof source.username === 'string' ? source.username : undefined;
}

function csrfTokenOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const token = (data as Record<string, unknown>).csrfToken;
  return typeof token === 'string' ? token : null;
}

/** Roles, name and branches from `{ roles?, user: { roles, firstName, lastName, branches } }`. */
function profileOf(data: unknown): { roles: string[]; displayName: string | null; branchIds: number[] } {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const user =
    typeof record.user === 'object' && record.user !== null ? (record.user as Record<string, unknown>) : {};
  const rawRoles = Array.isArray(record.roles) ? record.roles : Array.isArray(user.roles) ? user.roles : [];
  const roles = rawRoles.filter((r): r is string => typeof r === 'string');
  const name = [user.firstName, user.lastName].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  const branches = Array.isArray(user.branches) ? user.branches : [];
  const branchIds = branches
    .map((b) => (typeof b === 'object' && b !== null ? (b as Record<string, unknown>).id : undefined))
    .filter((id): id is number => typeof id === 'number');
  return { roles, displayName: name || null, branchIds };
}
