import { Injectable, Logger } from '@nestjs/common';
import { rowIdOf } from '@ordering/common/schemas';
import {
  addDays,
  type ClockPinHolder,
  type ClockStaffMember,
  isClockActionAllowed,
  localDate,
  staffInitials,
  startOfLocalDay,
  t,
  TIME_CLOCK_PIN_PATTERN,
  type TimeClockAction,
  type TimeClockState,
  workedMinutes,
} from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { SteppedRule } from '../../auth/login-throttle.entity.js';
import {
  addressThrottleKey,
  LoginThrottleService,
  LONG_WINDOW_MS,
  nameThrottleKey,
  RetryLater,
} from '../../auth/login-throttle.service.js';
import { HashPoolBusy } from '../../auth/hash-pool.js';
import { PasswordHasher } from '../../auth/passwords.js';
import { branchColumns, branchOfOwnKey } from '../../auth/branch-key.js';
import { Branch } from '../../branches/branch.entity.js';
import { Clock } from '../../core/clock.js';
import { EventBus } from '../../core/events.js';
import { DomainError } from '../../core/errors.js';
import { HTTP_MESSAGES } from '../../core/messages.js';
import { BRANCH_SCOPED_ROLES } from '../../core/permissions.js';
import { type AuthUser, RequestContext } from '../../core/request-context.js';
import { TransactionalConnection } from '../../core/transaction.js';
import { accountProblem, loginKey } from '../../auth/accounts.js';
import { User } from '../../auth/user.entity.js';
import { branchDeviceOfKey } from '../../auth/device-authenticator.js';
import { assertManager } from '../operations.validation.js';
import { WorkingActivity } from './working-activity.entity.js';
import { WorkingSchedule } from './working-schedule.entity.js';

/** Device types whose key opens the time clock of their branch (staff-side terminals, not kiosks or TVs). */
const CLOCK_DEVICE_TYPES = ['frontdesk', 'backoffice'];

/** Who asks at the clock: the branch (from the key in the path) and the employee (name and PIN). */
export interface ClockCredentials {
  branchId: string;
  apiKey: string;
  /** The person picked from the staff list (`X-User-Id`); wins over `username` when both are sent. */
  userId?: string | undefined;
  username: string | undefined;
  accessToken: string | undefined;
  ip: string | null;
}

/**
 * Guessing PINs at the clock (docs/decisions/time-tracking.md, "Guessing"): slowed per terminal and per
 * terminal and person with short waits that grow, and capped per person and day. Nobody can lock a
 * colleague out for long from one tablet; the day's cap a manager lifts by giving a new PIN.
 */
const MINUTE = 60_000;
/** Per terminal key and person: 4 attempts pass, then 30 s, 1, 2, 4 min, at most 5 min between attempts. */
export const CLOCK_PERSON_RULE: SteppedRule = {
  windowMs: 15 * MINUTE,
  fixed: false,
  waitAfter: (n) => (n < 4 ? 0 : Math.min(30_000 * 2 ** (n - 4), 5 * MINUTE)),
};
/** Per terminal key, any names (guessing one PIN for many colleagues): 10 free per 15 min, then 5 s … 60 s. */
export const CLOCK_TERMINAL_RULE: SteppedRule = {
  windowMs: 15 * MINUTE,
  fixed: true,
  waitAfter: (n) => (n < 10 ? 0 : Math.min(5_000 * 2 ** (n - 10), MINUTE)),
};
/** Per person over all terminals: 20 attempts in 24 h, then closed until the day's end or a new PIN. */
export const CLOCK_DAY_LIMIT = 20;
export const CLOCK_DAY_RULE: SteppedRule = {
  windowMs: LONG_WINDOW_MS,
  fixed: true,
  waitAfter: (n, windowLeftMs) => (n < CLOCK_DAY_LIMIT ? 0 : windowLeftMs),
};

/** What the clock reads of its branch. */
type ClockBranch = Pick<Branch, 'id' | 'name' | 'timeZone'>;
const CLOCK_BRANCH_FIELDS = ['name', 'timeZone'] as const;

/** Who booked: the employee, the branch, and the device whose key opened the clock (null: the branch's key). */
interface ClockIdentity {
  user: User;
  branch: ClockBranch;
  device: { id: number; identifier: string } | null;
}

/**
 * Whose PIN may the caller set: administrators anyone's; managers their own and their employees' — users
 * with branch-scoped roles only, working in a branch of the manager's scope (all branches for the
 * unrestricted manager role). Another manager's or an administrator's PIN is the administration's.
 */
function maySetPinOf(ctx: RequestContext, target: User): 'yes' | 'adminOnly' | 'outOfScope' {
  if (ctx.user?.roles.includes('ROLE_ADMIN') || ctx.user?.id === target.id) return 'yes';
  if (target.roles.some((r) => !BRANCH_SCOPED_ROLES.has(r))) return 'adminOnly';
  const scope = ctx.branchScope();
  if (scope === 'all' || (target.branches ?? []).some((b) => scope.includes(b.id))) return 'yes';
  return 'outOfScope';
}

/** What the tablet shows about the employee. */
export interface ClockMe {
  user: { id: number; username: string; firstName: string; lastName: string };
  branch: { id: number; name: string; timeZone: string };
  state: TimeClockState;
  /** The open work activity (running or paused), or null. */
  current: ClockActivityJson | null;
  /** Minutes worked today (the branch's day) in all work activities, the open one up to now. */
  todayMinutes: number;
  now: string;
}

/** A work activity as the clock answers it: the CRUD's fields plus the minutes worked up to now. */
export interface ClockActivityJson {
  id: number;
  user: { id: number };
  branch: { id: number };
  type: string;
  startedAt: string;
  endedAt: string | null;
  pauses: Array<{ start: string; end: string | null }>;
  status: string;
  pauseMinutes: number;
  comment: string;
  workedMinutes: number;
}

export const CLOCK_MESSAGES = {
  wrongKey: 'Diese Zeiterfassung ist nicht freigeschaltet: Filiale oder Schlüssel ungültig.',
  wrongPin: 'Benutzername oder PIN ist falsch.',
  notInBranch: 'Sie sind dieser Filiale nicht zugeordnet.',
  alreadyRunning: 'Sie sind bereits eingestempelt.',
  notRunning: 'Sie sind nicht eingestempelt.',
  notPausable: 'Sie sind bereits in der Pause.',
  notPaused: 'Sie sind nicht in der Pause.',
  pinFormat: 'Die PIN muss aus 4 bis 8 Ziffern bestehen.',
  pinAdminOnly: 'Die PIN dieses Benutzers kann nur die Administration setzen.',
  dayLocked:
    'Zu viele falsche PINs für dieses Konto. Die Filialleitung kann die Sperre aufheben, indem sie eine neue PIN vergibt.',
};

/** "Too many wrong PINs, wait N seconds / minutes", with its Retry-After. */
const clockWait = (ms: number): RetryLater => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} Sekunden` : minutes === 1 ? '1 Minute' : `${minutes} Minuten`;
  return new RetryLater(`Zu viele falsche PINs. Bitte versuchen Sie es in ${wait} erneut.`, seconds);
};

/**
 * The staff time clock at a branch (docs/decisions/time-tracking.md): the branch or one of its staff
 * devices is proven by the key in the path, the employee by user name and PIN (throttled like sign-ins).
 * Transitions none → running ⇄ paused → ended are checked here, with the user's row locked, so an
 * employee never has two open activities; "now" is the injected clock.
 */
@Injectable()
export class TimeClockService {
  private readonly logger = new Logger('TimeClock');

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly events: EventBus,
  ) {}

  /** The employee, its branch and its open activity. @throws DomainError unauthorized, forbidden; RetryLater. */
  async me(credentials: ClockCredentials): Promise<ClockMe> {
    const { user, branch } = await this.authenticate(credentials);
    return this.meOf(this.connection.manager(), user, branch);
  }

  /**
   * The tiles of the clock (docs/decisions/time-tracking.md, "Staff list"): people assigned to this branch
   * whose account is usable and who have a PIN, with name and initials only, sorted by name. The key is
   * checked like the other clock routes (same 401); wrong keys from one address are slowed like PIN
   * guesses at a terminal (10 free in 15 minutes, then 5 s … 60 s), a right key costs nothing.
   * @throws DomainError unauthorized (`apiKey`); RetryLater.
   */
  async staff(access: Pick<ClockCredentials, 'branchId' | 'apiKey' | 'ip'>): Promise<ClockStaffMember[]> {
    const em = this.connection.manager();
    const keyGuesses = `clock:staff:${addressThrottleKey(access.ip ?? 'unknown')}`;
    const wait = await this.throttle.takeStepped(keyGuesses, CLOCK_TERMINAL_RULE);
    if (wait > 0) throw new RetryLater(t('http.tooManyRequests'), Math.max(1, Math.ceil(wait / 1000)));
    const { branch } = await this.branchOfKey(em, access.branchId, access.apiKey);
    await this.throttle.refundStepped(keyGuesses);
    const now = this.clock.now();
    const users = await em
      .getRepository(User)
      .createQueryBuilder('u')
      .select(['u.id', 'u.username', 'u.firstName', 'u.lastName'])
      .innerJoin('u.branches', 'b', 'b.id = :branch', { branch: branch.id })
      .where('u.isEnabled = true AND u.isLocked = false AND u.timeClockPinHash IS NOT NULL')
      .andWhere('(u.expiresAt IS NULL OR u.expiresAt > :now)', { now })
      .getMany();
    return users
      .map((u) => {
        // A person without a name is known by the user name (the only thing colleagues could recognise).
        const name = `${u.firstName.trim()} ${u.lastName.trim()}`.trim() || u.username;
        const initials =
          u.firstName.trim() || u.lastName.trim()
            ? staffInitials(u.firstName, u.lastName)
            : staffInitials(u.username, '');
        return { id: u.id, name, initials };
      })
      .sort((x, y) => x.name.localeCompare(y.name, 'de') || x.id - y.id);
  }

  /** The employee's shifts at this branch from today (branch day) for 7 days. */
  async schedules(credentials: ClockCredentials) {
    const { user, branch } = await this.authenticate(credentials);
    const from = startOfLocalDay(localDate(this.clock.now(), branch.timeZone), branch.timeZone);
    const to = new Date(from.getTime() + 7 * 86_400_000);
    const rows = await this.connection
      .manager()
      .getRepository(WorkingSchedule)
      .createQueryBuilder('s')
      .leftJoinAndSelect('s.department', 'department')
      .where('s.user_id = :user AND s.branch_id = :branch', { user: user.id, branch: branch.id })
      .andWhere('s.endsAt > :from AND s.startsAt < :to', { from, to })
      .orderBy('s.startsAt', 'ASC')
      .getMany();
    return rows.map((s) => ({
      id: s.id,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      department: s.department ? { id: s.department.id, name: s.department.name } : null,
      comment: s.comment,
    }));
  }

  /** The employee's work activities at this branch of today and the 6 days before, newest first. */
  async activities(credentials: ClockCredentials): Promise<ClockActivityJson[]> {
    const { user, branch } = await this.authenticate(credentials);
    const today = localDate(this.clock.now(), branch.timeZone);
    const from = startOfLocalDay(addDays(today, -6), branch.timeZone);
    const rows = await this.connection
      .manager()
      .getRepository(WorkingActivity)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.user', 'user')
      .leftJoinAndSelect('a.branch', 'branch')
      .where('a.user_id = :user AND a.branch_id = :branch AND a.type = :work', {
        user: user.id,
        branch: branch.id,
        work: 'work',
      })
      .andWhere('(a.endedAt IS NULL OR a.endedAt > :from)', { from })
      .orderBy('a.startedAt', 'DESC')
      .getMany();
    return rows.map((a) => this.toJson(a));
  }

  /**
   * One step of the clock. `start` opens a work activity at this branch; `pause`, `resume` and `end`
   * change the employee's open one (wherever it was started).
   * @throws DomainError conflict (a step the state does not allow), unauthorized, forbidden; RetryLater.
   */
  async act(credentials: ClockCredentials, action: TimeClockAction): Promise<ClockActivityJson> {
    const { user, branch, device } = await this.authenticate(credentials);
    // The audit entry names the employee who booked (proven by name and PIN), not "system".
    const employee: AuthUser = {
      id: user.id,
      username: user.username,
      roles: user.roles,
      branchIds: (user.branches ?? []).map((b) => b.id),
    };
    const ctx = new RequestContext(employee, 'device');
    return this.connection.withTransaction(ctx, async (em) => {
      // The user's row is the lock: two taps on two tablets cannot both open an activity.
      await em.query('SELECT id FROM app_user WHERE id = $1 FOR UPDATE', [user.id]);
      const open = await this.openActivity(em, user.id);
      const state = stateOf(open);
      if (!isClockActionAllowed(state, action)) throw new DomainError('conflict', refusal(state, action));
      const now = this.clock.now();
      const iso = now.toISOString();
      let activity: WorkingActivity;
      if (action === 'start') {
        activity = em.getRepository(WorkingActivity).create({
          user: { id: user.id } as User,
          branch: { id: branch.id } as Branch,
          type: 'work',
          startedAt: now,
          endedAt: null,
          pauses: [],
          status: 'running',
          pauseMinutes: 0,
          days: null,
          comment: '',
        });
      } else {
        activity = open!;
        const pauses = [...activity.pauses];
        const last = pauses.at(-1);
        if (action === 'pause') pauses.push({ start: iso, end: null });
        if ((action === 'resume' || action === 'end') && last && last.end === null)
          pauses[pauses.length - 1] = { start: last.start, end: iso };
        activity.pauses = pauses;
        if (action === 'end') activity.endedAt = now;
        activity.status = action === 'end' ? 'ended' : action === 'pause' ? 'paused' : 'running';
        activity.pauseMinutes = finishedPauseMinutes(pauses);
      }
      const saved = await em.getRepository(WorkingActivity).save(activity);
      this.logger.log(`user ${user.id} ${action} at branch ${branch.id} (activity ${saved.id})`);
      // Each booking in the audit log (docs/decisions/time-tracking.md): who, where, with which key, what.
      await this.events.publish(ctx, 'entity.action', {
        action: `time-clock-${action}`,
        entityType: 'working-activities',
        entityId: saved.id,
        changes: {
          branch: { id: branch.id, name: branch.name },
          key: device ? { device: device.id, identifier: device.identifier } : 'branch',
          at: iso,
          status: saved.status,
        },
        trackVersion: false,
      });
      saved.user = { id: user.id } as User;
      saved.branch = { id: activity.branch.id } as Branch;
      return this.toJson(saved);
    });
  }

  /**
   * Sets (or, with null, removes) a user's clock PIN. Management only: a manager hands out the PINs.
   * @throws DomainError validation (`pin`), not_found, forbidden.
   */
  async setPin(ctx: RequestContext, userId: number, body: unknown): Promise<{ hasPin: boolean }> {
    assertManager(ctx);
    const pin = (body as { pin?: unknown } | null)?.pin;
    if (pin !== null && (typeof pin !== 'string' || !TIME_CLOCK_PIN_PATTERN.test(pin)))
      throw new DomainError('validation', CLOCK_MESSAGES.pinFormat, 'pin');
    const target = await this.connection
      .manager()
      .getRepository(User)
      .findOne({ where: { id: userId }, relations: { branches: true } });
    if (!target) throw new DomainError('not_found', 'Benutzer wurde nicht gefunden.');
    const may = maySetPinOf(ctx, target);
    if (may === 'adminOnly') throw new DomainError('forbidden', CLOCK_MESSAGES.pinAdminOnly);
    if (may === 'outOfScope') throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    const hash = pin === null ? null : await this.hasher.hash(pin);
    const answer = await this.connection.withTransaction(ctx, async (em) => {
      const repo = em.getRepository(User);
      if (!(await repo.existsBy({ id: userId })))
        throw new DomainError('not_found', 'Benutzer wurde nicht gefunden.');
      await repo.update({ id: userId }, { timeClockPinHash: hash });
      // Who handed out or removed a PIN is in the audit log; the PIN and its hash are not.
      await this.events.publish(ctx, 'entity.action', {
        action: hash === null ? 'time-clock-pin-removed' : 'time-clock-pin-set',
        entityType: 'users',
        entityId: userId,
        changes: {},
        trackVersion: false,
      });
      return { hasPin: hash !== null };
    });
    // A new PIN (or none) lifts the clock's waits and the day's lock for this person at every terminal
    // (after the commit: the throttle writes outside the transaction).
    await this.throttle.resetMatching(`clock:day:user:${userId}`);
    await this.throttle.resetMatching(`clock:terminal:%:user:${userId}`);
    return answer;
  }

  /**
   * The users whose PIN the caller may set, with whether they have one: the back office's PIN list for
   * managers, who do not see the user administration. Optionally only those of one branch.
   * @throws DomainError forbidden (employees), validation (`branch`).
   */
  async pinHolders(ctx: RequestContext, branch: unknown): Promise<ClockPinHolder[]> {
    assertManager(ctx);
    const branchId =
      branch === undefined || branch === ''
        ? null
        : typeof branch === 'string'
          ? (rowIdOf(branch) ?? -1)
          : -1;
    if (branchId === -1) throw new DomainError('validation', t('validation.choice'), 'branch');
    const users = await this.connection
      .manager()
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.timeClockPinHash')
      .leftJoinAndSelect('u.branches', 'b')
      .orderBy('u.lastName', 'ASC')
      .addOrderBy('u.firstName', 'ASC')
      .addOrderBy('u.username', 'ASC')
      .getMany();
    return users
      .filter((u) => maySetPinOf(ctx, u) === 'yes')
      .filter((u) => branchId === null || (u.branches ?? []).some((b) => b.id === branchId))
      .map((u) => ({
        id: u.id,
        username: u.username,
        firstName: u.firstName,
        lastName: u.lastName,
        branches: (u.branches ?? [])
          .map((b) => ({ id: b.id, name: b.name }))
          .sort((x, y) => x.name.localeCompare(y.name, 'de')),
        hasPin: !!u.timeClockPinHash,
      }));
  }

  private async meOf(em: EntityManager, user: User, branch: ClockBranch): Promise<ClockMe> {
    const now = this.clock.now();
    const open = await this.openActivity(em, user.id);
    const dayStart = startOfLocalDay(localDate(now, branch.timeZone), branch.timeZone);
    const today = await em
      .getRepository(WorkingActivity)
      .createQueryBuilder('a')
      .where('a.user_id = :user AND a.type = :work', { user: user.id, work: 'work' })
      .andWhere('(a.endedAt IS NULL OR a.endedAt > :dayStart)', { dayStart })
      .getMany();
    // Only the part of each activity inside today counts (a night shift that began yesterday).
    const todayMinutes = today.reduce((sum, a) => {
      const json = this.toJson(a);
      const clipped = {
        ...json,
        startedAt: new Date(Math.max(a.startedAt.getTime(), dayStart.getTime())).toISOString(),
        pauses: json.pauses
          .filter((p) => !p.end || Date.parse(p.end) > dayStart.getTime())
          .map((p) => ({
            start: new Date(Math.max(Date.parse(p.start), dayStart.getTime())).toISOString(),
            end: p.end,
          })),
      };
      return sum + workedMinutes(clipped, now);
    }, 0);
    return {
      user: { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName },
      branch: { id: branch.id, name: branch.name, timeZone: branch.timeZone },
      state: stateOf(open),
      current: open ? this.toJson({ ...open, user: { id: user.id } as User } as WorkingActivity) : null,
      todayMinutes,
      now: now.toISOString(),
    };
  }

  private openActivity(em: EntityManager, userId: number): Promise<WorkingActivity | null> {
    return em
      .getRepository(WorkingActivity)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.branch', 'branch')
      .where('a.user_id = :userId AND a.type = :work AND a.endedAt IS NULL', { userId, work: 'work' })
      .orderBy('a.startedAt', 'DESC')
      .getOne();
  }

  private toJson(a: WorkingActivity): ClockActivityJson {
    const json = {
      id: a.id,
      user: { id: a.user?.id ?? 0 },
      branch: { id: a.branch?.id ?? 0 },
      type: a.type,
      startedAt: a.startedAt.toISOString(),
      endedAt: a.endedAt ? a.endedAt.toISOString() : null,
      pauses: a.pauses,
      status: a.status,
      pauseMinutes: a.pauseMinutes,
      comment: a.comment,
    };
    return { ...json, workedMinutes: workedMinutes(json, this.clock.now()) };
  }

  /**
   * Checks the key in the path (the branch's API key or the key of an enabled front-desk or back-office
   * device of that branch), then name and PIN under the sign-in throttles. A wrong key, an unknown branch
   * and another branch's device are the same 401; a wrong name and a wrong PIN are the same 401 too.
   * Also the staff PIN of the front-desk board (docs/decisions/frontdesk-board.md): the same throttles.
   */
  async authenticate(c: ClockCredentials): Promise<ClockIdentity> {
    const em = this.connection.manager();
    const { branch, device } = await this.branchOfKey(em, c.branchId, c.apiKey);
    const username = (c.username ?? '').trim();
    const rawUserId = (c.userId ?? '').trim();
    const userId = rowIdOf(rawUserId);
    const pin = c.accessToken ?? '';
    if (rawUserId && userId === null) throw new DomainError('validation', t('validation.positive'), 'userId');
    if (userId === null && !username) throw new DomainError('validation', t('validation.blank'), 'username');
    if (!pin) throw new DomainError('validation', t('validation.blank'), 'accessToken');
    // Not braked by the process-wide count of the web sign-in: a paired terminal is a familiar place, and
    // guesses at the web sign-in must not keep the staff from clocking in (its own counts apply).
    this.throttle.checkGlobal(true);
    const terminal = device ? `device:${device.id}` : `branch:${branch.id}`;
    const terminalKey = `clock:terminal:${terminal}`;
    const terminalWait = await this.throttle.takeStepped(terminalKey, CLOCK_TERMINAL_RULE);
    if (terminalWait > 0) throw clockWait(terminalWait);
    const user = await em
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.timeClockPinHash')
      .leftJoin('u.branches', 'b')
      .addSelect('b.id')
      .where(userId !== null ? 'u.id = :id' : 'LOWER(u.username) = :key', {
        id: userId,
        key: loginKey(username),
      })
      .getOne();
    // An unknown id is throttled like an unknown name (by a key of its own, never another person's).
    const person = user ? `user:${user.id}` : nameThrottleKey(userId !== null ? `#${userId}` : username);
    const personKey = `clock:terminal:${terminal}:${person}`;
    const dayKey = `clock:day:${person}`;
    // A refused attempt checks nothing and costs nothing at the keys that let it pass.
    const personWait = await this.throttle.takeStepped(personKey, CLOCK_PERSON_RULE);
    if (personWait > 0) {
      await this.throttle.refundStepped(terminalKey);
      throw clockWait(personWait);
    }
    const dayWait = await this.throttle.takeStepped(dayKey, CLOCK_DAY_RULE);
    if (dayWait > 0) {
      await this.throttle.refundStepped(terminalKey);
      await this.throttle.refundStepped(personKey);
      throw new RetryLater(CLOCK_MESSAGES.dayLocked, Math.max(1, Math.ceil(dayWait / 1000)));
    }
    let ok: boolean;
    try {
      // An unknown name or a user without PIN still costs one comparison (no timing difference).
      ok = TIME_CLOCK_PIN_PATTERN.test(pin) && (await this.hasher.verify(pin, user?.timeClockPinHash));
    } catch (error) {
      if (!(error instanceof HashPoolBusy)) throw error;
      for (const key of [terminalKey, personKey, dayKey]) await this.throttle.refundStepped(key);
      throw new RetryLater(t('http.tooManyRequests'), 1);
    }
    if (!user || !ok) {
      this.throttle.recordGlobalFailure();
      throw new DomainError('unauthorized', CLOCK_MESSAGES.wrongPin, 'accessToken');
    }
    // The right PIN: this terminal's count for the person is forgotten, the others get their attempt back.
    await this.throttle.reset(personKey);
    await this.throttle.refundStepped(terminalKey);
    await this.throttle.refundStepped(dayKey);
    const problem = accountProblem(user, this.clock.now());
    if (problem) throw new DomainError('forbidden', problem, 'username');
    const unrestricted = user.roles.some((r) => !BRANCH_SCOPED_ROLES.has(r));
    if (!unrestricted && !(user.branches ?? []).some((b) => b.id === branch.id))
      throw new DomainError('forbidden', CLOCK_MESSAGES.notInBranch, 'username');
    return { user, branch, device };
  }

  private async branchOfKey(
    em: EntityManager,
    rawBranchId: string,
    key: string,
  ): Promise<{ branch: ClockBranch; device: ClockIdentity['device'] }> {
    const id = rowIdOf(rawBranchId);
    const device = await branchDeviceOfKey(em, id, key, CLOCK_DEVICE_TYPES);
    if (device) {
      const branch: ClockBranch | null = await em.getRepository(Branch).findOne({
        where: { id: device.branchId },
        select: branchColumns(CLOCK_BRANCH_FIELDS),
      });
      if (branch) return { branch, device: { id: device.id, identifier: device.identifier } };
    }
    const branch = await branchOfOwnKey(em, id, key, CLOCK_BRANCH_FIELDS);
    if (!branch) throw new DomainError('unauthorized', CLOCK_MESSAGES.wrongKey, 'apiKey');
    return { branch, device: null };
  }
}

const stateOf = (open: WorkingActivity | null): TimeClockState =>
  !open ? 'none' : open.pauses.at(-1)?.end === null ? 'paused' : 'running';

function refusal(state: TimeClockState, action: TimeClockAction): string {
  if (action === 'start') return CLOCK_MESSAGES.alreadyRunning;
  if (state === 'none') return CLOCK_MESSAGES.notRunning;
  if (action === 'pause') return CLOCK_MESSAGES.notPausable;
  return CLOCK_MESSAGES.notPaused;
}

const finishedPauseMinutes = (pauses: Array<{ start: string; end: string | null }>) =>
  Math.round(
    pauses.reduce((sum, p) => sum + (p.end ? Date.parse(p.end) - Date.parse(p.start) : 0), 0) / 60_000,
  );
