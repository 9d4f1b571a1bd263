// A large menu for the browser tests and the store page's benchmark (issue 29): `products` new products in
// `categories` new categories at the end of the Wien menu of the demo data, written in ONE SQL statement
// (about a second for 10,000 on PGlite), into the embedded database of a stopped shop.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The name of one product far down the menu (a search finds it). */
export const FAR_PRODUCT = 'Quittenstrudel mit Zimtobers';

/** The statement: $1 products, $2 categories, $3 products per category, $4 the branch's identifier. */
export const LARGE_MENU_SQL = `WITH menu AS (
     SELECT mb.menu_id AS id FROM menu_branch mb JOIN branch b ON b.id = mb.branch_id
      WHERE b.identifier = $4 LIMIT 1),
   start AS (SELECT COALESCE(MAX(mc.position), 0) AS p FROM menu_category mc, menu WHERE mc.menu_id = menu.id),
   cats AS (
     INSERT INTO category (name, description, position)
     SELECT 'Sortiment ' || g, CASE WHEN g % 4 = 1 THEN 'Aus der Küche, täglich frisch.' ELSE '' END, 1000 + g
       FROM generate_series(1, $2::int) g
     RETURNING id, name, position),
   places AS (
     INSERT INTO menu_category (category_id, position, menu_id)
     SELECT cats.id, start.p + cats.position - 1000, menu.id FROM cats, start, menu
     RETURNING id, category_id),
   template AS (
     SELECT p.* FROM product p
      WHERE p.type = 'simple' AND p.config = '{"parts": []}'::jsonb AND p.is_enabled AND p.schedule IS NULL
      ORDER BY p.id LIMIT 1),
   prods AS (
     INSERT INTO product (uid, name, description, price, unit, tax, takeaway_tax, dine_in_tax, position)
     SELECT gen_random_uuid(),
            CASE WHEN g = $1::int - 7 THEN '${FAR_PRODUCT}' ELSE 'Gericht ' || g END,
            'Hausgemacht, mit Zutaten aus der Region.',
            8.5 + (g % 12), t.unit, t.tax, t.takeaway_tax, t.dine_in_tax, 5000 + g
       FROM generate_series(1, $1::int) g, template t
     RETURNING id, position),
   entries AS (
     INSERT INTO menu_product (menu_category_id, product_id, position, menu_id)
     SELECT pl.id, prods.id, prods.position, menu.id
       FROM prods
       JOIN cats ON cats.position = 1000 + 1 + (prods.position - 5001) / $3::int
       JOIN places pl ON pl.category_id = cats.id, menu
     RETURNING id)
   SELECT cats.id, cats.name FROM cats WHERE (SELECT COUNT(*) FROM entries) > 0 ORDER BY cats.position`;

/**
 * Writes the large menu into the embedded database in `dataDir` (the shop must be stopped: one process at a
 * time). Returns the new categories in menu order.
 */
export async function seedLargeMenu(dataDir, { products, categories, branch = 'gasthaus-linde-wien' }) {
  const { openPGlite } = await import(path.join(root, 'backend/dist/database/pglite-driver.js'));
  const db = await openPGlite(dataDir);
  try {
    const per = Math.ceil(products / categories);
    const { rows } = await db.query(LARGE_MENU_SQL, [products, categories, per, branch]);
    if (rows.length !== categories)
      throw new Error(`large menu: ${rows.length} of ${categories} categories written`);
    return rows;
  } finally {
    await db.close();
  }
}
