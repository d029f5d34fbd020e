import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/configuration';
import { SITES, Site } from '@directory/domain';
import { createDataSource } from './data-source';
import { revertLastMigration, runPendingMigrations } from './migrate';
import { seedDatabase } from './seed/seed';

const USAGE = `usage: node dist/database/cli.js <migrate | revert | seed [--posts N] [--site church|cliste|multi] [--reset] [--if-empty]>`;

/** Migrations and seeding from the command line: `npm run migrate`, `npm run seed -- --posts 100000 --reset`. */
async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const flag = (name: string) => rest.includes(`--${name}`);
  const value = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };

  const ds = createDataSource(config.database);
  await ds.initialize();
  try {
    if (command === 'migrate') {
      // Every API replica runs this before it starts: on MySQL they take turns under a lock (migrate.ts).
      const ran = await runPendingMigrations(ds, config.migrationLockSeconds);
      console.log(ran.length ? `Applied ${ran.map((m) => m.name).join(', ')}` : 'Database schema is up to date');
    } else if (command === 'revert') {
      await revertLastMigration(ds, config.migrationLockSeconds);
      console.log('Reverted the last migration');
    } else if (command === 'seed') {
      const site = (value('site') ?? config.site) as Site;
      if (!SITES.includes(site)) throw new Error(`--site must be one of ${SITES.join(', ')}`);
      const postsArg = value('posts');
      const posts = postsArg === undefined ? undefined : Number(postsArg);
      if (posts !== undefined && (!Number.isInteger(posts) || posts < 1 || posts > 1_000_000)) {
        throw new Error('--posts must be a whole number from 1 to 1000000');
      }
      const result = await seedDatabase(ds, { site, posts, reset: flag('reset'), ifEmpty: flag('if-empty'), hiddenSlugExtract: config.hiddenSlugExtract });
      console.log(
        result.seeded
          ? `Seeded the ${site} site: ${result.counties} counties, ${result.categories} categories, ${result.posts} posts, ${result.articles} articles`
          : 'Database already holds data: seeding skipped (use --reset to start again)',
      );
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await ds.destroy();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
