import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The routes with secrets in their path, as `publicPagePath` in common had them when this was written. */
const SECRET_ROUTES: ReadonlyArray<[prefix: string, pattern: string]> = [
  ['status', '/status/:uid/:hash'],
  ['frontdesk', '/frontdesk/:branchId/:apiKey'],
  ['zeiterfassung', '/zeiterfassung/:branchId/:apiKey'],
  ['signage', '/signage/:identifier/:key'],
];

/**
 * Page paths without secrets (docs/decisions/statistics.md, "Page paths"): the analytics log kept the
 * status page's address with the order's secret hash (`/status/<uid>/<hash>`) and would keep a key of the
 * ticket screen, time clock or signage player; stored rows get the route pattern, as new rows do. The
 * rule is written out here (not imported) so that the schema's history does not change with the code.
 * Not reversible: the secrets are gone on purpose.
 */
export class AnalyticsPathSecrets1795710000001 implements MigrationInterface {
  name = 'AnalyticsPathSecrets1795710000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [prefix, pattern] of SECRET_ROUTES)
      await queryRunner.query(`UPDATE "analytics_log" SET "path" = $1 WHERE "path" ~ $2`, [
        pattern,
        `^/${prefix}/[^/]+/[^/]+(/.*)?$`,
      ]);
  }

  async down(): Promise<void> {
    // Nothing to restore: the removed secrets must not come back.
  }
}
