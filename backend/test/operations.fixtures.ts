import type { Role } from '../src/core/permissions.js';
import { Branch } from '../src/branches/branch.entity.js';
import { User } from '../src/auth/user.entity.js';
import { asUser } from './support/header-authenticator.js';
import type { TestApp } from './support/test-app.js';

/** Shared set-up of the operations specs: branches and users straight in the database. */
export const admin = asUser(['ROLE_ADMIN']);
export const manager = asUser(['ROLE_MANAGER'], [], 2);

export async function makeBranch(
  t: TestApp,
  identifier: string,
  division: { id: number } | null = null,
): Promise<{ id: number }> {
  const repo = t.dataSource.getRepository(Branch);
  const branch = await repo.save(
    repo.create({ identifier, name: `Filiale ${identifier}`, apiKey: `key-${identifier}`, division }),
  );
  return { id: branch.id };
}

export async function makeUser(
  t: TestApp,
  username: string,
  roles: Role[] = ['ROLE_EMPLOYEE'],
  branchIds: number[] = [],
) {
  const repo = t.dataSource.getRepository(User);
  const user = await repo.save(
    repo.create({
      username,
      roles,
      firstName: username,
      lastName: username,
      branches: branchIds.map((id) => ({ id }) as Branch),
    }),
  );
  return { id: user.id, headers: asUser(roles, branchIds, user.id) };
}

/** Ids of a list answer, in order. */
export const idsOf = (body: { data: Array<{ id: number }> }) => body.data.map((x) => x.id);
