import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/configuration';

async function bootstrap() {
  const config = loadConfig();
  const app = await createApp(config);
  // Every interface, IPv6 and IPv4, as Node listens by default; Fastify alone would listen on localhost only.
  await app.listen(config.apiPort, '::');
  new Logger('Bootstrap').log(`API (${config.site} site) listening on ${config.apiOrigin}`);
}

bootstrap().catch((err) => {
  // A startup failure is written to the console (spec section 8) with the names of bad settings.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
