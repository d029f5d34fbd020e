import { createTestDatabase, migrate } from './test-database';

/** One database for the whole run, migrated once; each test file resets its rows. */
export default async function globalSetup(): Promise<void> {
  const db = await createTestDatabase('test');
  await migrate(db);
  process.env.TEST_DATABASE = JSON.stringify(db);
}
