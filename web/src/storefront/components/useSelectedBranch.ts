import type { Branch } from '@ordering/common';
import { useEffect } from 'react';
import { useStores } from '../stores';

/**
 * The branch of a `/store/{identifier}` page: selects it (toolbar, catalogue, cart) and opens its cart.
 * `ready` is false until the selection has happened, so the page renders nothing of another branch.
 */
export function useSelectedBranch(identifier: string): { branch: Branch | null; ready: boolean } {
  const { branches, cart } = useStores();
  const branch = branches.byIdentifier(identifier);
  useEffect(() => {
    if (!branch) return;
    branches.select(branch.identifier);
    cart.open(branch);
  }, [branch, branches, cart]);
  return { branch, ready: !!branch && branches.selected === branch };
}
