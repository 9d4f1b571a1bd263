import type { EntityManager } from 'typeorm';
import { DomainError } from '../core/errors.js';
import { MenuCategory, MenuProduct } from './menu.entity.js';

const SUBJECT = { category: 'Diese Kategorie', product: 'Dieses Produkt' } as const;

/**
 * Refuses to delete a category or product that a menu still shows (409 naming the menus): removing it
 * silently would change a live menu behind the manager's back. The foreign keys (ON DELETE RESTRICT) hold
 * the same line in the database.
 */
export async function refuseWhileInMenus(
  em: EntityManager,
  kind: 'category' | 'product',
  id: number,
): Promise<void> {
  const entity = kind === 'category' ? MenuCategory : MenuProduct;
  const column = kind === 'category' ? 'categoryId' : 'productId';
  const rows = await em
    .getRepository(entity)
    .createQueryBuilder('entry')
    .innerJoin('entry.menu', 'menu')
    .select('menu.id', 'id')
    .addSelect('menu.name', 'name')
    .distinct(true)
    .where(`entry.${column} = :id`, { id })
    .orderBy('menu.id')
    .getRawMany<{ id: number; name: string }>();
  if (rows.length === 0) return;
  const names = rows.map((row) => (row.name ? `„${row.name}“` : `#${row.id}`)).join(', ');
  throw new DomainError('conflict', `${SUBJECT[kind]} wird noch verwendet (Produktkatalog ${names}).`);
}
