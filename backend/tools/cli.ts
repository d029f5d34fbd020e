import 'reflect-metadata';
import { SITES, Site } from '@directory/domain';
import { loadConfig } from '../src/config/configuration';
import { cliArgs, runCli } from '../src/database/cli-args';
import { createDataSource } from '../src/database/data-source';
import { seedDatabase } from './seed/seed';

const USAGE = `usage: node dist-tools/tools/cli.js seed [--posts N] [--site church|cliste|multi] [--reset] [--if-empty]`;

/**
 * Demo data from the command line, for development, tests and benchmarks (not in the production image):
 * `npm run seed -w backend -- --posts 100000 --reset`. The database must be migrated first (`npm run migrate`).
 */
async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const config = loadConfig();
  const { flag, value } = cliArgs(rest);
  if (command !== 'seed') throw new Error(USAGE);

  const ds = createDataSource(config.database);
  await ds.initialize();
  try {
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

runCli(main);
