// Run once by the global set-up, in a Jest of its own (the TypeScript sources need Jest's transform):
// builds this run's database snapshots (PGlite) or template databases (server) before any test file
// starts, so that no test file's hook pays for building them within its timeout.
import { openTestDatabase } from './test-app.js';

it('builds the migrated and the seeded database of this run', async () => {
  const db = await openTestDatabase('seeded'); // passes through `migrated`, keeping both
  await db.close();
}, 600_000);
