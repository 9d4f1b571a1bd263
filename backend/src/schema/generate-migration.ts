/**
 * Developer tool: writes a migration with the SQL that brings the schema of all applied migrations to
 * what the entities declare (like `typeorm migration:generate`, on an in-memory PGlite).
 * Usage: npm run migration:generate -w backend -- AddOrders operations
 * Only the entities of `foundation`, `core` and the named group are compared, so another group's
 * unfinished entities never slip into this migration.
 */
import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '../database/data-source.js';
import { ENTITY_GROUPS } from './entities.js';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) {
  console.error('Bitte einen Namen in PascalCase angeben, z. B. AddOrders.');
  process.exit(1);
}
const group = process.argv[3];
if (!group || !ENTITY_GROUPS[group]) {
  console.error(`Bitte die Gruppe angeben: ${Object.keys(ENTITY_GROUPS).join(', ')}.`);
  process.exit(1);
}
const entities = [
  ...new Set([...ENTITY_GROUPS.foundation!, ...ENTITY_GROUPS.core!, ...ENTITY_GROUPS[group]!]),
];
const db = await openDatabase({ kind: 'embedded' }, entities);
await migrate(db.dataSource);
const sql = await db.dataSource.driver.createSchemaBuilder().log();
await db.close();
if (sql.upQueries.length === 0) {
  console.log('Keine Änderungen: das Schema entspricht den Entitäten.');
  process.exit(0);
}
const timestamp = Date.now();
const className = `${name}${timestamp}`;
const q = (s: string) => '`' + s.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${') + '`';
const up = sql.upQueries.map((x) => `    await queryRunner.query(${q(x.query)});`).join('\n');
const down = [...sql.downQueries]
  .reverse()
  .map((x) => `    await queryRunner.query(${q(x.query)});`)
  .join('\n');
const srcDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/database/migrations',
  group,
);
const file = `${timestamp}-${name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
writeFileSync(
  path.join(srcDir, `${file}.ts`),
  `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down}
  }
}
`,
);
const indexFile = path.join(srcDir, 'index.ts');
const index = readFileSync(indexFile, 'utf8')
  .replace(/(^|\n)(export const MIGRATIONS)/, `$1import { ${className} } from './${file}.js';\n$2`)
  .replace(
    /\[([^\]]*)\];/,
    (_m, list: string) => `[${list.trim() ? list.trim().replace(/,$/, '') + ', ' : ''}${className}];`,
  );
writeFileSync(indexFile, index);
console.log(`Migration ${file}.ts geschrieben (${sql.upQueries.length} Anweisungen).`);
