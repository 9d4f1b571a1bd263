import { parseAllergenText } from '@ordering/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Allergens as the 14 EU allergens (Austrian letter codes) instead of free text: a product keeps the codes
 * in `allergen_codes`; the free text `allergens` stays as a note. Existing text is read with common's
 * `parseAllergenText` ("A, C, G", "Gluten, Ei"): what maps becomes codes, what does not stays in the note.
 */
export class AllergenCodes1795940000001 implements MigrationInterface {
  name = 'AllergenCodes1795940000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "product" ADD "allergen_codes" jsonb NOT NULL DEFAULT '[]'`);
    const rows: Array<{ id: number; allergens: string }> = await queryRunner.query(
      `SELECT "id", "allergens" FROM "product" WHERE "allergens" <> ''`,
    );
    for (const row of rows) {
      const { codes, note } = parseAllergenText(row.allergens);
      await queryRunner.query(
        `UPDATE "product" SET "allergen_codes" = $1, "allergens" = $2 WHERE "id" = $3`,
        [JSON.stringify(codes), note, row.id],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Back to text: the letters first, then the note.
    await queryRunner.query(
      `UPDATE "product" SET "allergens" = left(concat_ws(', ', nullif(array_to_string(ARRAY(SELECT jsonb_array_elements_text("allergen_codes")), ', '), ''), nullif("allergens", '')), 500)`,
    );
    await queryRunner.query(`ALTER TABLE "product" DROP COLUMN "allergen_codes"`);
  }
}
