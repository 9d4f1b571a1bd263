import type { EntityManager } from 'typeorm';
import type { Branch } from '../branches/branch.entity.js';
import type { Role } from '../core/permissions.js';
import { User } from '../auth/user.entity.js';

/**
 * The demo accounts the README names. Their passwords are public anyway, so the bcrypt hashes (cost 12)
 * are computed once and written here: seeding stays fast.
 */
export const DEMO_USERS: ReadonlyArray<{
  username: string;
  password: string;
  hash: string;
  roles: Role[];
  firstName: string;
  lastName: string;
  email: string;
  branches: string[];
}> = [
  {
    username: 'admin',
    password: 'Admin-Demo-2026',
    hash: '$2b$12$d20ed1nDxlylNsme31FgR.SFdWFnGGCfqPiZkEqrDWxycGtp5/c/e',
    roles: ['ROLE_ADMIN'],
    firstName: 'Anna',
    lastName: 'Gruber',
    email: 'admin@gruber-linde.at',
    branches: [],
  },
  {
    username: 'leitung',
    password: 'Leitung-Demo-2026',
    hash: '$2b$12$s50Vm7EEFeOqXAS9sQtlfeimTsANBPO7bx9n5uZhR8BBY8zHUvHWC',
    roles: ['ROLE_MANAGER'],
    firstName: 'Lukas',
    lastName: 'Linde',
    email: 'leitung@gruber-linde.at',
    branches: [],
  },
  {
    username: 'mitarbeiter',
    password: 'Mitarbeiter-Demo-2026',
    hash: '$2b$12$pteP9DWyJ9TYoSbEfIJm..J0ISNfwF9FeP5AVfid2Qyjak4GhlyxO',
    roles: ['ROLE_EMPLOYEE'],
    firstName: 'Marie',
    lastName: 'Huber',
    email: 'service.wien@zurlinde.at',
    branches: ['gasthaus-linde-wien'],
  },
];

/** Writes the demo accounts; employees get the branches named by identifier. */
export async function seedUsers(em: EntityManager, branches: Branch[]): Promise<User[]> {
  const byIdentifier = new Map(branches.map((b) => [b.identifier, b]));
  return em.save(
    DEMO_USERS.map((u) =>
      em.create(User, {
        username: u.username,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        passwordHash: u.hash,
        roles: u.roles,
        branches: u.branches.map((identifier) => {
          const branch = byIdentifier.get(identifier);
          if (!branch) throw new Error(`Demo branch ${identifier} is missing`);
          return branch;
        }),
      }),
    ),
  );
}
