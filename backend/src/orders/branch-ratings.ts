import type { BranchRating } from '@ordering/common';
import type { EntityManager } from 'typeorm';

/**
 * The collection version raised with every review, so the public branch data (/api/init) that carries the
 * averages is rebuilt once per review, not per order.
 */
export const RATINGS_COLLECTION = 'ratings';

/**
 * The customers' average overall rating (1 to 5, one decimal) and the number of reviews per branch, in one
 * aggregate query over the reviewed orders (a partial index holds just those). Branches without a review
 * are missing.
 */
export async function branchRatings(em: EntityManager): Promise<Map<number, BranchRating>> {
  const rows: Array<{ branch_id: number; average: string; count: string }> = await em.query(
    `SELECT branch_id, round(avg(questionnaire_rating), 1) AS average, count(*) AS count
       FROM customer_order
      WHERE questionnaire_rating IS NOT NULL AND branch_id IS NOT NULL
      GROUP BY branch_id`,
  );
  return new Map(
    rows.map((row) => [Number(row.branch_id), { average: Number(row.average), count: Number(row.count) }]),
  );
}
