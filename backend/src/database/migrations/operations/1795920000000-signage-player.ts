import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One concept for a screen (docs/decisions/signage.md): the TV (`digital_signage_device`) gets its player key
 * (`api_key_hash`, `api_key_hint`) and the state its player reports (`player_state`). Every desktop device of
 * type `signage` becomes a TV of the same identifier, name, branch and stream (an existing TV of that
 * identifier is kept as it is), and the device's settings name that TV (`{ "tv": id }`) instead of a stream.
 */
export class SignagePlayer1795920000000 implements MigrationInterface {
  name = 'SignagePlayer1795920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "digital_signage_device" ADD "api_key_hash" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "digital_signage_device" ADD "api_key_hint" character varying(4)`);
    await queryRunner.query(`ALTER TABLE "digital_signage_device" ADD "player_state" jsonb`);
    await queryRunner.query(
      `INSERT INTO "digital_signage_device" ("identifier", "name", "branch_id", "stream_id")
       SELECT d."identifier", d."name", d."branch_id",
              (SELECT s."id" FROM "digital_signage_stream" s
                WHERE s."id"::text = d."settings"->>'stream')
         FROM "device" d
        WHERE d."type" = 'signage'
          AND NOT EXISTS (SELECT 1 FROM "digital_signage_device" t WHERE t."identifier" = d."identifier")`,
    );
    await queryRunner.query(
      `UPDATE "device" d SET "settings" = jsonb_build_object('tv', t."id")
         FROM "digital_signage_device" t
        WHERE d."type" = 'signage' AND t."identifier" = d."identifier"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The TVs stay (they may have been edited since); the devices get their stream back.
    await queryRunner.query(
      `UPDATE "device" d SET "settings" = jsonb_build_object('stream', t."stream_id")
         FROM "digital_signage_device" t
        WHERE d."type" = 'signage' AND t."id"::text = d."settings"->>'tv'`,
    );
    await queryRunner.query(`ALTER TABLE "digital_signage_device" DROP COLUMN "player_state"`);
    await queryRunner.query(`ALTER TABLE "digital_signage_device" DROP COLUMN "api_key_hint"`);
    await queryRunner.query(`ALTER TABLE "digital_signage_device" DROP COLUMN "api_key_hash"`);
  }
}
