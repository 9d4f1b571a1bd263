import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The branches' average ratings (plugin "Bewertungen") read only the reviewed orders, from this index. */
export class BranchRatingIndex1795701000000 implements MigrationInterface {
  name = 'BranchRatingIndex1795701000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "ix_customer_order_branch_rating" ON "customer_order" ("branch_id", "questionnaire_rating") WHERE questionnaire_rating IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_customer_order_branch_rating"`);
  }
}
