import { dropTestDatabase } from './test-database';

export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_DATABASE) await dropTestDatabase(JSON.parse(process.env.TEST_DATABASE));
}
