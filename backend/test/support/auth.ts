import bcrypt from 'bcryptjs';
import type { Role } from '../../src/core/permissions.js';
import { Branch } from '../../src/branches/branch.entity.js';
import { issueApiToken } from '../../src/auth/accounts.js';
import { User } from '../../src/auth/user.entity.js';
import { Device } from '../../src/devices/device.entity.js';
import { hashDeviceKey } from '../../src/devices/device-key.service.js';
import type { ApiResult, TestApp } from './test-app.js';

/** Test apps hash with the lowest cost: real bcrypt, fast tests. */
export const FAST_BCRYPT = { BCRYPT_COST: '4' };

export interface TestUserInput {
  username: string;
  password?: string;
  roles?: Role[];
  email?: string | null;
  branchIds?: number[];
  isEnabled?: boolean;
  isLocked?: boolean;
  expiresAt?: Date | null;
}

/** Writes a user straight into the database (bypassing the API under test). */
export async function insertUser(t: TestApp, input: TestUserInput): Promise<User> {
  const repo = t.dataSource.getRepository(User);
  const branches = input.branchIds?.length
    ? await t.dataSource.getRepository(Branch).findBy(input.branchIds.map((id) => ({ id })))
    : [];
  return repo.save(
    repo.create({
      username: input.username,
      email: input.email ?? null,
      passwordHash: input.password ? await bcrypt.hash(input.password, 4) : null,
      roles: input.roles ?? ['ROLE_EMPLOYEE'],
      branches,
      isEnabled: input.isEnabled ?? true,
      isLocked: input.isLocked ?? false,
      expiresAt: input.expiresAt ?? null,
    }),
  );
}

/** A real personal API token for the user: `Authorization: Bearer ...` headers. */
export async function bearerFor(t: TestApp, userId: number): Promise<Record<string, string>> {
  const token = await issueApiToken(t.dataSource.manager, userId);
  return { authorization: `Bearer ${token}` };
}

/** The `sid` cookie a response sets, with its attributes. */
export function sessionCookieOf(res: ApiResult): { value: string; attributes: string[] } | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  return { value: decodeURIComponent(pair!.slice('sid='.length)), attributes };
}

/** Signs in over the API; returns the headers a browser would send for reads and for writes. */
export async function signIn(
  t: TestApp,
  username: string,
  password: string,
): Promise<{
  res: ApiResult;
  cookie: Record<string, string>;
  write: Record<string, string>;
  sid: string;
  csrfToken: string;
}> {
  const res = await t.request('POST', '/api/auth/login', { username, password });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const sid = sessionCookieOf(res)!.value;
  const csrfToken = res.body.data.csrfToken as string;
  const cookie = { cookie: `sid=${encodeURIComponent(sid)}` };
  return { res, cookie, write: { ...cookie, 'x-csrf-token': csrfToken }, sid, csrfToken };
}

/**
 * A paired device written straight into the database: a front-desk terminal with a receipt printer (or a
 * signage player) in the first branch, the caller of the device routes (`@ForDevices`), which answer every
 * other caller 401 or 403. Answers its `Authorization` header.
 */
export async function insertDevice(
  t: TestApp,
  identifier: string,
  type: 'frontdesk' | 'signage' | 'kiosk' = 'frontdesk',
): Promise<Record<string, string>> {
  const key = `geraet-${identifier}-0123456789abcdef`;
  const branch = await t.dataSource.getRepository(Branch).findOneOrFail({ where: {}, order: { id: 'ASC' } });
  await t.dataSource.getRepository(Device).save({
    identifier,
    name: identifier,
    type,
    branch,
    isEnabled: true,
    settings:
      type === 'frontdesk'
        ? { printer: { host: '192.168.1.50', port: 9100, width: 48, type: 'epson' }, autoPrint: true }
        : {},
    apiKeyHash: hashDeviceKey(key),
    apiKeyHint: key.slice(-4),
  });
  return { authorization: `Bearer ${key}` };
}
