import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One open working activity (no end) per user, held by the database and not only by the clock's row lock
 * (docs/decisions/time-tracking.md). Refuses to run while a user already has several open activities: which
 * of them is wrong is a manager's call, so the message names them instead of closing any.
 */
export class WorkingActivityOneOpen1795460000000 implements MigrationInterface {
  name = 'WorkingActivityOneOpen1795460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const duplicates: Array<{ user_id: number; ids: string }> = await queryRunner.query(
      `SELECT user_id, string_agg(id::text, ', ' ORDER BY id) AS ids FROM working_activity
       WHERE ended_at IS NULL GROUP BY user_id HAVING count(*) > 1 ORDER BY user_id`,
    );
    if (duplicates.length > 0) {
      const list = duplicates.map((d) => `Benutzer ${d.user_id}: Aktivitäten ${d.ids}`).join('; ');
      throw new Error(
        `Mehrere offene Aktivitäten je Benutzer – bitte alle bis auf eine beenden, dann erneut starten (${list}).`,
      );
    }
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_working_activity_user_open" ON "working_activity" ("user_id") WHERE ended_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_working_activity_user_open"`);
  }
}
