import { AsyncLocalStorage } from 'node:async_hooks';
import { STATUS_CODES } from 'node:http';
import { LOG_REDACT_PATHS, type LogLevel, REQUEST_ID_HEADER, redactUrl, requestIdFrom } from '@directory/server-kit';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * The site server's log: JSON lines on stdout through pino, as the API's, one per request with its reqId: the
 * X-Request-Id nginx sent, or a new one. The same id goes on every call this request makes to the API (server/api-transport.ts), so
 * nginx's, the site's and the API's lines of one visit share it. Bodies and headers are never logged.
 */
export function createSiteLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: { pid: process.pid }, redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' }, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** The id of the request being served, for the API transport (server/api-transport.ts); undefined outside a request. */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.reqId;

/** Runs fn as part of serving the request with this id (the middleware below; the transport's unit test). */
export const inRequestScope = <T>(reqId: string, fn: () => T): T => requestScope.run({ reqId }, fn);

/** First of the middleware: takes or makes the id, answers with it, serves the request in its scope, logs one line when done. */
export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const reqId = requestIdFrom(req.headers['x-request-id']);
    const started = performance.now();
    res.setHeader(REQUEST_ID_HEADER, reqId);
    res.locals.reqId = reqId;
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      // A visitor who leaves before the answer is complete: the status then is what was begun, with aborted set.
      log.info(
        { reqId, method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, responseTime: Math.round((performance.now() - started) * 10) / 10, ...(res.writableFinished ? {} : { aborted: true }) },
        'request',
      );
    };
    res.once('finish', done);
    res.once('close', done);
    requestScope.run({ reqId }, next);
  };
}

/** Last of the middleware: an error no route handled is logged as JSON with its request's id (not printed by Express), and answered 500. */
export function logErrors(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const status = Number((err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode);
    const code = status >= 400 && status < 600 ? status : 500;
    if (code >= 500) log.error({ reqId: res.locals.reqId, err, url: redactUrl(req.originalUrl) }, 'request failed');
    // An answer already begun cannot become an error page: the visitor sees it cut short, as Express would do.
    if (res.headersSent) return void res.destroy();
    res.status(code).type('text/plain').send(STATUS_CODES[code] ?? 'Error');
  };
}
