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
