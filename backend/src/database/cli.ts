import 'reflect-metadata';
import { loadConfig } from '../config/configuration';
import { resolve } from 'node:path';
import { backup, restore } from './backup';
import { cliArgs, runCli } from './cli-args';
import { createDataSource } from './data-source';
import { revertLastMigration, runPendingMigrations } from './migrate';
import { recountPostCounts, usePostCountsHidden } from './post-counts';

const USAGE = `usage: node dist/database/cli.js <migrate | revert | recount | backup | restore <file> [--storage <archive>] [--force]>`;

/**
 * The production image's commands: migrations, counts and backups (`npm run migrate`, `npm run recount`,
 * `npm run backup`, `npm run restore -- backups/directory-20261122T214205Z.sql.gz --storage backups/directory-20261122T214205Z.storage.tar.gz`).
 * Demo data is a development tool, not part of the image (backend/tools/cli.ts, `npm run seed`).
 */
async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const { flag, value } = cliArgs(rest);

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
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await ds.destroy();
  }
}

runCli(main);
