import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import type { AppConfig } from './config/configuration';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { TOTAL_COUNT_HEADER } from './common/page';
import { createValidationPipe } from './common/validation.pipe';

/** Builds the API exactly as production runs it; tests call this too. */
export async function createApp(config: AppConfig, options: { logger?: false } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: options.logger,
    rawBody: true,
  });
  app.disable('x-powered-by');
  // Per-address rate limits need the visitor's address, not the proxy's (nginx sets X-Forwarded-For).
  app.set('trust proxy', config.trustProxy);
  // A JSON API: no HTML is served, so the default CSP is strict and harmless; CORP must allow the site origin to load /storage images.
  app.use(helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } }));
  app.enableCors({
    origin: [...new Set([config.siteOrigin, config.adminOrigin])],
    credentials: true,
    exposedHeaders: [TOTAL_COUNT_HEADER, 'Content-Range'],
  });
  app.useBodyParser('json', { limit: '1mb' });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
}
