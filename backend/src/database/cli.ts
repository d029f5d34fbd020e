import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/configuration';
import { SITES, Site } from '@directory/domain';
import { resolve } from 'node:path';
import { backup, restore } from './backup';
import { createDataSource } from './data-source';
import { revertLastMigration, runPendingMigrations } from './migrate';
import { recountPostCounts, usePostCountsHidden } from './post-counts';
import { seedDatabase } from './seed/seed';

const USAGE = `usage: node dist/database/cli.js <migrate | revert | recount | seed [--posts N] [--site church|cliste|multi] [--reset] [--if-empty] | backup | restore <file> [--storage <archive>] [--force]>`;

/**
 * Migrations, seeding, backups from the command line: `npm run migrate`, `npm run seed -- --posts 100000 --reset`,
 * `npm run backup`, `npm run restore -- backups/directory-20261122T214205Z.sql.gz --storage backups/directory-20261122T214205Z.storage.tar.gz`.
 */
async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const flag = (name: string) => rest.includes(`--${name}`);
  const value = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };

  if (command === 'backup') {
    const files = await backup(config);
    console.log(`Database backed up to ${files.database}`);
    console.log(files.storage ? `Storage backed up to ${files.storage}` : `No storage directory at ${config.storageDir}: nothing uploaded to back up`);
    return;
  }
  if (command === 'restore') {
    const file = rest[0];
    const storage = value('storage');
    if (!file || file.startsWith('--') || (flag('storage') && (!storage || storage.startsWith('--')))) throw new Error('usage: npm run restore -- <file.sql.gz | file.sqlite.gz> [--storage <file.storage.tar.gz>] [--force]');
    await restore(config, resolve(file), { storage: storage && resolve(storage), force: flag('force') });
    console.log(`Restored ${file}${storage ? ` and ${storage} (into ${config.storageDir})` : ''}. Run \`npm run migrate\` if the backup is older than this version of the API.`);
    return;
  }

  const ds = createDataSource(config.database);
  await ds.initialize();
  try {
    if (command === 'migrate') {
      // Every API replica runs this before it starts: on MySQL they take turns under a lock (migrate.ts).
      const ran = await runPendingMigrations(ds, config.migrationLockSeconds);
      console.log(ran.length ? `Applied ${ran.map((m) => m.name).join(', ')}` : 'Database schema is up to date');
      // The counting triggers learn the configured reserved slug_extract here too, under no request yet (post-counts.ts).
      if (await usePostCountsHidden(ds, config.hiddenSlugExtract)) console.log(`post_counts: counted again with '${config.hiddenSlugExtract}' as the hiding slug_extract`);
    } else if (command === 'recount') {
      await recountPostCounts(ds);
      console.log('post_counts: counted again from the posts');
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
      const started = Date.now();
      const result = await seedDatabase(ds, { site, posts, reset: flag('reset'), ifEmpty: flag('if-empty'), hiddenSlugExtract: config.hiddenSlugExtract, onProgress: seedProgress(started) });
      console.log(
        result.seeded
          ? `Seeded the ${site} site: ${result.counties} counties, ${result.categories} categories, ${result.posts} posts, ${result.articles} articles in ${((Date.now() - started) / 1000).toFixed(1)} s`
          : 'Database already holds data: seeding skipped (use --reset to start again)',
      );
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await ds.destroy();
  }
}

/** A line on stderr every 5% (and at the end), so a long seed shows it is moving and stdout keeps only the result. */
function seedProgress(started: number): (done: number, total: number) => void {
  let shown = 0;
  return (done, total) => {
    const percent = Math.floor((done * 100) / total);
    if (done < total && percent < shown + 5) return;
    shown = percent;
    const seconds = (Date.now() - started) / 1000;
    process.stderr.write(`seed: ${done.toLocaleString('en-IE')} of ${total.toLocaleString('en-IE')} posts (${percent}%), ${seconds.toFixed(1)} s\n`);
  };
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
