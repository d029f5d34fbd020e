import { bodyTooDeep } from '@directory/domain';
import { HttpStatus, INestApplication, RawBodyRequest, UnsupportedMediaTypeException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request } from 'express';
import helmet from 'helmet';
import { AppModule } from './app.module';
import type { AppConfig } from './config/configuration';
import { codedError } from './common/errors';
import { BODY_ERRORS, HttpExceptionFilter } from './common/http-exception.filter';
import { jsonNestedDeeperThan, MAX_JSON_DEPTH } from './common/json-depth';
import { TOTAL_COUNT_HEADER } from './common/page';
import { createValidationPipe } from './common/validation.pipe';

/** Builds the API exactly as production runs it; tests call this too. */
export async function createApp(config: AppConfig, options: { logger?: false } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: options.logger,
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
  app.useBodyParser('json', { limit: '1mb', verify: checkJsonBody });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  app.enableShutdownHooks();
  return app;
}

/**
 * body-parser's `verify`, run on the raw bytes before JSON.parse: refuses what the depth scan cannot read (JSON is
 * UTF-8 between systems, RFC 8259 section 8.1) and bodies nested too deeply, and keeps the bytes as `rawBody` for
 * signature checks (Nest's own `rawBody` option would replace this function).
 */
function checkJsonBody(req: RawBodyRequest<Request>, _res: unknown, body: Buffer, charset: string): void {
  if (charset !== 'utf-8') throw new UnsupportedMediaTypeException(BODY_ERRORS[HttpStatus.UNSUPPORTED_MEDIA_TYPE]);
  if (jsonNestedDeeperThan(body)) {
    throw codedError(HttpStatus.BAD_REQUEST, 'body_too_deep', bodyTooDeep(MAX_JSON_DEPTH));
  }
  req.rawBody = body;
}
