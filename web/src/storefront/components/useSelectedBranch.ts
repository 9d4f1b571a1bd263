import type { Branch } from '@ordering/common';
import { useEffect } from 'react';
import { useStores } from '../stores';

/**
 * The branch of a `/store/{identifier}` page: selects it (toolbar, catalogue, cart) and opens its cart.
 * `ready` is false until the selection has happened and the products of its active menu are here (the
 * root store loads them for the selected branch), so the page renders nothing of another branch and no
 * empty menu.
 */
export function useSelectedBranch(identifier: string): { branch: Branch | null; ready: boolean } {
  const { branches, cart, catalog } = useStores();
  const branch = branches.byIdentifier(identifier);
  useEffect(() => {
    if (!branch) return;
    branches.select(branch.identifier);
    cart.open(branch);
  }, [branch, branches, cart]);
  return { branch, ready: !!branch && branches.selected === branch && catalog.isMenuReady(branch) };
}
