import type { EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { isKeyShaped, secretsEqual } from './secrets.js';

/** TypeORM's `select` of a branch's id and the named columns. */
export const branchColumns = (fields: readonly (keyof Branch)[]) =>
  Object.fromEntries(['id', ...fields].map((field) => [field, true]));

/**
 * The branch whose id and own key a screen's path carries (the ticket screen, the time clock, a
 * terminal's order list), or null. The key is compared in constant time also when no branch has the id,
 * so that an unknown branch, a branch without a key and a wrong key answer alike. `fields` names the
 * branch's columns the caller needs beside its id.
 */
export async function branchOfOwnKey<K extends keyof Branch = 'id'>(
  em: EntityManager,
  id: number | null,
  key: string,
  fields: readonly K[] = [],
): Promise<Pick<Branch, 'id' | K> | null> {
  const branch =
    id !== null && isKeyShaped(key)
      ? await em.getRepository(Branch).findOne({
          where: { id },
          select: branchColumns(['apiKey', ...fields]),
        })
      : null;
  const ok = secretsEqual(key, branch?.apiKey || '\0no-branch');
  return branch && branch.apiKey && ok ? branch : null;
}
