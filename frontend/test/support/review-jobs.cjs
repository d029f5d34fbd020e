/**
 * Runs the reviews module's scheduled jobs once, with its clock moved to a given time, in a process of the built API
 * on a stack's database: as backend/test/reviews.e2e-spec.ts runs them in its own API (ReviewClock.travelTo, then
 * run()). The stack's API processes keep the machine's time; nothing in the API can move it from outside.
 *
 *   node review-jobs.cjs ISO-TIME   (the stack's API settings in the environment; prints what each job did as JSON)
 */
const { join } = require('node:path');

const dist = join(__dirname, '../../../backend/dist');
require(require.resolve('reflect-metadata', { paths: [dist] }));
const { createApp } = require(join(dist, 'app.factory.js'));
const { loadConfig } = require(join(dist, 'config/configuration.js'));
const { ReviewClock } = require(join(dist, 'modules/reviews/review.clock.js'));
const { ReviewInvitations } = require(join(dist, 'modules/reviews/review-invitations.js'));
const { ReviewRelease } = require(join(dist, 'modules/reviews/review-release.js'));
const { DataSource } = require(require.resolve('typeorm', { paths: [dist] }));

async function main() {
  const at = new Date(process.argv[2]);
  if (Number.isNaN(at.getTime())) throw new Error('usage: review-jobs.cjs ISO-TIME');
  const app = await createApp(loadConfig(process.env), { logger: false });
  await app.init();
  try {
    app.get(ReviewClock).travelTo(at);
    const invitations = await app.get(ReviewInvitations).run();
    const released = await app.get(ReviewRelease).run();
    // Each mail they queued is being delivered by this process at once: it stays up until the outbox is empty.
    const ds = app.get(DataSource);
    for (let i = 0; i < 200; i++) {
      const [{ n }] = await ds.query('SELECT COUNT(*) AS n FROM mail_outbox WHERE sent_at IS NULL');
      if (Number(n) === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    process.stdout.write(JSON.stringify({ invitations, released }));
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
