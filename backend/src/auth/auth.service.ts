import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { t, type CurrentUser } from '@ordering/common';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { AppConfig } from '../env/config.js';
import { Clock } from '../core/clock.js';
import { APP_CONFIG, LOGGER } from '../core/core.module.js';
import { DomainError } from '../core/errors.js';
import { parseInput } from '../core/validation.js';
import { MailerService } from '../mail/mailer.service.js';
import { accountProblem, findUserById, findUserByLogin } from './accounts.js';
import { toUserJson } from './user-json.js';
import { User } from './user.entity.js';
import { LOGIN_LINK_RESEND_MS, LOGIN_LINK_TTL_MS, LoginLink } from './login-link.entity.js';
import { HashPoolBusy } from './hash-pool.js';
import {
  ACCOUNT_ADDRESS_RULE,
  ADDRESS_RULE,
  type ThrottleRule,
  UNFAMILIAR_ACCOUNT_RULE,
} from './login-throttle.entity.js';
import {
  accountAddressKey,
  accountThrottleKey,
  addressThrottleKey,
  LoginThrottleService,
  nameThrottleKey,
  RetryLater,
  tooManyAttempts,
} from './login-throttle.service.js';
import { PasswordHasher } from './passwords.js';
import type { RequestContext } from '../core/request-context.js';
import { randomToken, sha256 } from './secrets.js';
import { type ClientInfo, SessionService } from './session.service.js';
import { TransactionalConnection } from '../core/transaction.js';

const loginInput = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(1000),
});

const loginLinkInput = z
  .object({
    email: z.string().trim().max(200).optional(),
    username: z.string().trim().max(200).optional(),
  })
  .refine((v) => !!(v.email || v.username), { message: t('validation.blank'), path: ['email'] });

/** What a successful sign-in answers (the cookie's token goes into the cookie, not into the body). */
export interface SignIn {
  user: ReturnType<typeof toUserJson>;
  csrfToken: string;
  /** For the cookie only. */
  sessionToken: string;
}

/** The same answer whether or not the address belongs to anybody. */
export const LOGIN_LINK_SENT =
  'Wenn zu dieser Angabe ein Benutzerkonto existiert, haben wir einen Anmeldelink an die hinterlegte E-Mail-Adresse gesendet.';

/** Sign-in with password or one-time link, sign-out, and the current session. */
@Injectable()
export class AuthService implements OnApplicationBootstrap {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionService,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    void this.hasher.dummyHash();
  }

  /**
   * Checks user name (or e-mail) and password and opens a new session.
   * @throws 429 ({@link RetryLater}) while the address, the account at this address, the account from
   *   unfamiliar addresses or the whole process (unfamiliar addresses only) has had too many failures (even
   *   for the right password), or while too many password checks wait; 401 for
   *   wrong credentials (the same text and about the same time whether or not the user exists), 403 for a
   *   disabled, locked or expired account.
   */
  async login(body: unknown, client: ClientInfo, previousToken?: string): Promise<SignIn> {
    const input = parseInput(loginInput, body);
    const addressKey = addressThrottleKey(client.ip ?? 'unbekannt');
    const user = await findUserByLogin(this.connection.manager(), input.username, true);
    // An address the account signed in from before is not braked by what others do (only by its own count).
    const familiar = user ? await this.throttle.isFamiliar(user.id, addressKey) : false;
    this.throttle.checkGlobal(familiar);
    const addressWait = await this.throttle.take(addressKey, ADDRESS_RULE);
    if (addressWait > 0) {
      this.logger.warn({ ip: client.ip }, 'sign-in refused: too many failures from this address');
      throw tooManyAttempts(addressWait);
    }
    // Per account, whichever of its names was typed: the e-mail address does not get five more guesses.
    const accountKey = user ? accountThrottleKey(user.id) : nameThrottleKey(input.username);
    const pairKey = accountAddressKey(accountKey, addressKey);
    const taken: Array<[string, ThrottleRule]> = [
      [addressKey, ADDRESS_RULE],
      [pairKey, ACCOUNT_ADDRESS_RULE],
    ];
    // From an unfamiliar address the account's count across all such addresses applies too.
    if (!familiar) taken.push([accountKey, UNFAMILIAR_ACCOUNT_RULE]);
    for (const [key, rule] of taken.slice(1)) {
      const wait = await this.throttle.take(key, rule);
      if (wait > 0) {
        this.logger.warn({ userId: user?.id, familiar }, 'sign-in refused: locked after failed attempts');
        throw tooManyAttempts(wait);
      }
    }
    let ok: boolean;
    try {
      ok = await this.hasher.verify(input.password, user?.passwordHash);
    } catch (error) {
      if (!(error instanceof HashPoolBusy)) throw error;
      // Not the caller's failure: give every attempt back.
      for (const [key, rule] of taken) await this.throttle.refund(key, rule);
      throw new RetryLater(t('http.tooManyRequests'), 1);
    }
    if (!user || !ok) {
      this.throttle.recordGlobalFailure();
      this.logger.info({ userId: user?.id }, 'sign-in failed');
      throw new DomainError('unauthorized', t('auth.invalidCredentials'));
    }
    const problem = accountProblem(user, this.clock.now());
    if (problem) throw new DomainError('forbidden', problem);
    // The account's count at this address is forgotten; the others (shared with strangers) get their attempt back.
    await this.throttle.reset(pairKey);
    for (const [key, rule] of taken) if (key !== pairKey) await this.throttle.refund(key, rule);
    await this.throttle.rememberFamiliar(user.id, addressKey);
    return this.openSession(user, client, previousToken);
  }

  private async openSession(user: User, client: ClientInfo, previousToken?: string): Promise<SignIn> {
    if (previousToken) await this.sessions.end(previousToken);
    const { token, csrfToken } = await this.sessions.create(user, client);
    await this.connection
      .manager()
      .getRepository(User)
      .update({ id: user.id }, { lastLoginAt: this.clock.now() });
    this.logger.info({ userId: user.id }, 'signed in');
    return { user: toUserJson(user), csrfToken, sessionToken: token };
  }

  /** Ends the session of this cookie token on the server. */
  async logout(token: string | undefined): Promise<void> {
    if (token) await this.sessions.end(token);
  }

  /**
   * The signed-in user with roles, and the session's CSRF token (null for API-token requests), so that a
   * reloaded page can go on writing.
   */
  async current(
    ctx: RequestContext,
    token: string | undefined,
  ): Promise<CurrentUser & { csrfToken: string | null }> {
    const user = await findUserById(this.connection.manager(), ctx.user!.id);
    if (!user) throw new DomainError('unauthorized', t('http.unauthorized'));
    const session = ctx.method === 'session' && token ? await this.sessions.find(token) : null;
    return { roles: [...user.roles], user: toUserJson(user), csrfToken: session?.csrfToken ?? null };
  }

  /**
   * E-mails a one-time sign-in link valid for 15 minutes when the name or address belongs to a user who
   * may sign in and has an address. The caller cannot tell whether that happened: same answer, and the
   * mail is sent after the answer.
   */
  async requestLoginLink(body: unknown): Promise<{ message: string }> {
    const input = parseInput(loginLinkInput, body);
    const user = await findUserByLogin(this.connection.manager(), (input.email || input.username)!);
    const now = this.clock.now();
    if (user?.email && !accountProblem(user, now)) {
      const recent = await this.connection
        .manager()
        .getRepository(LoginLink)
        .createQueryBuilder('l')
        .where('l.user_id = :id AND l.usedAt IS NULL AND l.issuedAt > :since', {
          id: user.id,
          since: new Date(now.getTime() - LOGIN_LINK_RESEND_MS),
        })
        .getExists();
      if (!recent) {
        const token = randomToken();
        await this.connection
          .manager()
          .getRepository(LoginLink)
          .insert({
            tokenHash: sha256(token),
            user: { id: user.id },
            issuedAt: now,
            expiresAt: new Date(now.getTime() + LOGIN_LINK_TTL_MS),
            usedAt: null,
          });
        const link = `${this.config.publicUrl}/api/auth/login-link/${token}`;
        void this.mailer
          .send({
            to: user.email,
            subject: 'Ihr Anmeldelink',
            text:
              `Guten Tag${user.firstName ? ' ' + user.firstName : ''},\n\n` +
              `mit diesem Link melden Sie sich einmalig an (gültig für 15 Minuten):\n\n${link}\n\n` +
              'Wenn Sie keinen Anmeldelink angefordert haben, können Sie diese E-Mail ignorieren.\n',
            secrets: [token],
          })
          .catch((error: unknown) =>
            this.logger.error({ err: error, userId: user.id }, 'login link mail failed'),
          );
      }
    }
    return { message: LOGIN_LINK_SENT };
  }

  /**
   * Signs in with a link's token, once.
   * @throws 401 with the "invalid or expired link" text for an unknown, used or expired token, or when the
   *   account may no longer sign in.
   */
  async consumeLoginLink(token: string, client: ClientInfo, previousToken?: string): Promise<SignIn> {
    const invalid = () => new DomainError('unauthorized', t('auth.loginLinkInvalid'));
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw invalid();
    const now = this.clock.now();
    const link = await this.connection
      .manager()
      .getRepository(LoginLink)
      .createQueryBuilder('l')
      .innerJoinAndSelect('l.user', 'u')
      .where('l.tokenHash = :hash', { hash: sha256(token) })
      .getOne();
    if (!link || link.usedAt || link.expiresAt.getTime() <= now.getTime()) throw invalid();
    // Mark it used in one statement: of two simultaneous clicks only one signs in.
    const used = await this.connection
      .manager()
      .createQueryBuilder()
      .update(LoginLink)
      .set({ usedAt: now })
      .where('id = :id AND used_at IS NULL', { id: link.id })
      .execute();
    if (!used.affected) throw invalid();
    const user = await findUserById(this.connection.manager(), link.user.id);
    if (!user || accountProblem(user, now)) throw invalid();
    return this.openSession(user, client, previousToken);
  }
}
