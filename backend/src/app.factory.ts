import { RequestErrorCode } from '@directory/domain';
import multipart from '@fastify/multipart';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyInstance, FastifyReply, RawServerDefault } from 'fastify';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import type { AppConfig } from './config/configuration';
import { ApiFastifyAdapter } from './common/api-adapter';
import { ANSWER_CACHE_HEADER, DATA_VERSION_HEADER, installAnswerCache } from './common/answer-cache';
import { errorBody } from './common/error-answers';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { installSecurityHeaders } from './common/security-headers';
import { allowImageBodies, IMAGE_TYPES, parseImageBody } from './common/image-body';
import { MAX_BODY_BYTES, parseJsonBody, refuseBody } from './common/json-body';
import { TOTAL_COUNT_HEADER } from './common/page';
import { createValidationPipe } from './common/validation.pipe';
import { createLogger, logRequests, PinoNestLogger, requestIdOptions, requestLog } from './infra/logging';
import { MAX_UPLOAD_BYTES, UPLOAD_ROUTES } from './infra/uploads';
import { DataVersion } from './modules/data-version/data-version';

/** Longer than any request line Node reads (16 KB of headers): a long path parameter reaches its DTO, which names it. */
const MAX_PARAM_LENGTH = 16 * 1024;

export interface CreateAppOptions {
  /** false: no log at all (the tests' default, whatever LOG_LEVEL says). */
  logger?: false;
  /** Where the JSON log lines go instead of stdout (a test reads them). */
  logDestination?: DestinationStream;
}

/** Builds the API exactly as production runs it; tests call this too. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<INestApplication> {
  const log = createLogger(options.logger === false ? 'silent' : config.logLevel, options.logDestination);
  const adapter = new ApiFastifyAdapter({
    // One pino for Fastify's request lines and Nest's Logger: JSON lines with the request id (docs/operations.md, "Logs").
    loggerInstance: log,
    ...requestIdOptions(),
    // Per-address rate limits need the visitor's address, not the proxy's (nginx sets X-Forwarded-For).
    trustProxy: config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    // Routes match as they did on Express: with or without the trailing slash, in any letter case.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: refuseBadUrl,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, { logger: options.logger ?? new PinoNestLogger(log) });
  // Node answers a request it cannot parse with a bare 400, as it did under Express, and only while no answer has begun on
  // the connection; Fastify's handler would also write one after an answer, and with a body a HEAD client reads as the next.
  app.getHttpServer().removeAllListeners('clientError');
  // First of the hooks, so that even an answer a hook sends early (a CORS preflight) carries its id and has its line.
  logRequests(app.getHttpAdapter().getInstance());
  // A JSON API: no HTML is served, so the default CSP is strict and harmless; CORP must allow the site origin to load /storage images.
  installSecurityHeaders(app.getHttpAdapter().getInstance(), { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  app.enableCors({
    origin: [...new Set([config.siteOrigin, config.adminOrigin])],
    credentials: true,
    exposedHeaders: [TOTAL_COUNT_HEADER, 'Content-Range', DATA_VERSION_HEADER, ANSWER_CACHE_HEADER],
    // The methods and preflight handling of Express's cors (@fastify/cors allows GET, HEAD and POST, and refuses an
    // OPTIONS without an Origin with a plain-text 400).
    methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE'],
    strictPreflight: false,
  });
  // JSON is the body the API reads; a body of any other type is refused before it is read...
  const fastify = app.getHttpAdapter().getInstance();
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', refuseBody);
  // ...and an image, as the raw file, on the few routes marked to read one (an article's cover).
  fastify.addContentTypeParser(IMAGE_TYPES, { parseAs: 'buffer' }, parseImageBody);
  fastify.addHook('onRoute', allowImageBodies);
  // Except multipart/form-data, read only by the routes that take a file (a listing photo), one file of at most 10 MB.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 } });
  fastify.addHook('preValidation', (req, reply, done) => {
    if (!req.isMultipart() || UPLOAD_ROUTES.has(req.routeOptions.url ?? '')) return done();
    const body = errorBody('request', RequestErrorCode.UnsupportedMediaType);
    reply.status(body.statusCode).send(body);
  });
  app.useBodyParser<RawServerDefault>('application/json', {}, parseJsonBody);
  // Anonymous public reads answered from memory per data version (routes marked @PublicAnswer()); repeated hits are
  // answered before Fastify, with the same headers and log line.
  installAnswerCache(fastify, app.get(DataVersion), config.answerCache, requestLog(log));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  closeConnectionsWhenClosing(fastify);
  return app;
}

/**
 * While the app closes (SIGTERM, main.ts), the answers still in flight end their keep-alive connection: a proxy that
 * holds it open (nginx's upstream keepalive) sends its next request to another replica rather than to this one,
 * which Fastify would refuse with 503 (nginx retries that too, but only for GET and HEAD).
 */
function closeConnectionsWhenClosing(fastify: FastifyInstance): void {
  let closing = false;
  fastify.addHook('preClose', async () => {
    closing = true;
  });
  fastify.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/** A path with broken percent-encoding is refused by Fastify's router, before any hook or filter: answered in the API's error shape. */
function refuseBadUrl(err: FastifyError, _req: unknown, reply: FastifyReply): void {
  const body = errorBody('request', RequestErrorCode.InvalidRequest, { values: [err.message] });
  reply.status(body.statusCode).send(body);
}
