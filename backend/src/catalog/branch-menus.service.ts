import { Injectable } from '@nestjs/common';
import type { RequestContext } from '../core/request-context.js';
import { Branch } from '../branches/branch.entity.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import { parseId } from '../core/input.js';
import { CrudService } from '../crud/crud.service.js';
import { Menu } from './menu.entity.js';
import { menuResource, type menuJson } from './menu.resource.js';
import { TransactionalConnection } from '../core/transaction.js';

/** The menus of one branch (spec section 7: GET /api/branches/{id}/menus). */
@Injectable()
export class BranchMenusService {
  private readonly menus: CrudService<Menu>;

  constructor(
    private readonly connection: TransactionalConnection,
    events: EventBus,
  ) {
    this.menus = new CrudService(menuResource, connection, events);
  }

  /**
   * The branch's menus, newest `availableFrom` first (the storefront takes the latest one in the past with
   * common's `activeMenu`). Public data only: menus carry no secrets. Read as the menus list reads them (each
   * to-many relation by a query of its own): one join of branches, category entries and product entries
   * multiplied them, a million rows for a menu of 10,000 products in 100 categories.
   * @throws DomainError('not_found') for an unknown branch.
   */
  async forBranch(ctx: RequestContext, rawId: string): Promise<ReturnType<typeof menuJson>[]> {
    const branchId = parseId(rawId, 'Filiale');
    const exists = await this.connection
      .manager()
      .getRepository(Branch)
      .exists({ where: { id: branchId } });
    if (!exists) throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
    const ids: Array<{ id: number }> = await this.connection
      .manager()
      .getRepository(Menu)
      .createQueryBuilder('menu')
      .select('menu.id', 'id')
      .where(
        'EXISTS (SELECT 1 FROM menu_branch mb WHERE mb.menu_id = menu.id AND mb.branch_id = :branchId)',
        { branchId },
      )
      .orderBy('menu.availableFrom', 'DESC')
      .addOrderBy('menu.id', 'DESC')
      .getRawMany();
    return (await this.menus.listByIds(
      ctx,
      ids.map((row) => Number(row.id)),
    )) as ReturnType<typeof menuJson>[];
  }
}
