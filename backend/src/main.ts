import 'reflect-metadata';
import { INestApplication, Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/configuration';
import { warmUp } from './warm-up';

/** A replica told to stop (docker stop, a rolling deploy) is gone within 10 s, however its requests fare. */
const SHUTDOWN_LIMIT_MS = 9_000;

async function bootstrap() {
  const config = loadConfig();
  const app = await createApp(config);
  stopGracefullyOn(app, ['SIGTERM', 'SIGINT']);
  await app.init();
  const warm = await warmUp(app, config.taxonomy.parentCategories.map((p) => ({ slug: p.slug, open: p.maxId === null })));
  const log = new Logger('Bootstrap');
  if (warm.failed.length) log.warn(`Warm-up: ${warm.failed.length} of ${warm.requests} requests failed (${warm.failed.slice(0, 3).join('; ')}); starting anyway`);
  else log.log(`Warmed up the public reads: ${warm.requests} requests in ${Math.round(warm.ms)} ms`);
  // Every interface, IPv6 and IPv4, as Node listens by default; Fastify alone would listen on localhost only.
  await app.listen(config.apiPort, '::');
  log.log(`API (${config.site} site) listening on ${config.apiOrigin}`);
}

/**
 * On SIGTERM: Nest's shutdown hooks stop the schedulers (@nestjs/schedule), then the server stops taking connections,
 * closes the idle ones and finishes the requests in flight, then the database pool closes, and the process exits 0.
 * Should that take too long (a request stuck on a dead connection), it exits 1 at SHUTDOWN_LIMIT_MS.
 */
function stopGracefullyOn(app: INestApplication, signals: NodeJS.Signals[]): void {
  app.enableShutdownHooks(signals, { useProcessExit: true });
  for (const signal of signals) {
    process.once(signal, () => {
      new Logger('Bootstrap').log(`${signal}: finishing the requests in flight, then stopping`);
      setTimeout(() => {
        console.error(`Not stopped within ${SHUTDOWN_LIMIT_MS} ms of ${signal}: exiting`);
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS).unref();
    });
  }
}

bootstrap().catch((err) => {
  // A startup failure is written to the console with the names of bad settings.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
