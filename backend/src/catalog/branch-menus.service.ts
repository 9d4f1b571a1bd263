import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../core/request-context.js';
import { Branch } from '../branches/branch.entity.js';
import { DomainError } from '../core/errors.js';
import { parseId } from '../core/input.js';
import { Menu } from './menu.entity.js';
import { menuJson } from './menu.resource.js';
import { TransactionalConnection } from '../core/transaction.js';

/** The menus of one branch (spec section 7: GET /api/branches/{id}/menus). */
@Injectable()
export class BranchMenusService {
  constructor(private readonly connection: TransactionalConnection) {}

  /**
   * The branch's menus, newest `availableFrom` first (the storefront takes the latest one in the past with
   * common's `activeMenu`). Public data only: menus carry no secrets.
   * @throws DomainError('not_found') for an unknown branch.
   */
  async forBranch(_ctx: RequestContext, rawId: string): Promise<ReturnType<typeof menuJson>[]> {
    const branchId = parseId(rawId, 'Filiale');
    const exists = await this.connection
      .manager()
      .getRepository(Branch)
      .exists({ where: { id: branchId } });
    if (!exists) throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
    const menus = await this.connection
      .manager()
      .getRepository(Menu)
      .createQueryBuilder('menu')
      .leftJoinAndSelect('menu.branches', 'branches')
      .leftJoinAndSelect('menu.categoryEntries', 'categoryEntries')
      .leftJoinAndSelect('menu.productEntries', 'productEntries')
      .where(
        'EXISTS (SELECT 1 FROM menu_branch mb WHERE mb.menu_id = menu.id AND mb.branch_id = :branchId)',
        { branchId },
      )
      .orderBy('menu.availableFrom', 'DESC')
      .addOrderBy('menu.id', 'DESC')
      .getMany();
    return menus.map(menuJson);
  }
}
