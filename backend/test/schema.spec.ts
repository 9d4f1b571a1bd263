import { ENTITY_GROUPS } from '../src/schema/entities.js';
import { migrate } from '../src/database/data-source.js';
import { openTestDatabase } from './support/test-app.js';

describe('migrations', () => {
  it('bring an empty database exactly to what the entities declare (nothing left to generate)', async () => {
    const db = await openTestDatabase();
    try {
      const ran = await migrate(db.dataSource);
      expect(ran.length).toBeGreaterThan(0);
      const pending = await db.dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('keep every entity in exactly one group', () => {
    const all = Object.values(ENTITY_GROUPS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
