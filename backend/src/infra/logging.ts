import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { LOG_REDACT_PATHS, type LogLevel, REQUEST_ID_HEADER, redactUrl, requestIdFrom } from '@directory/server-kit';
import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * The API's log: JSON lines on stdout through pino (Fastify's own logger), one per request with its reqId, and the
 * application's messages (Nest's Logger) through the same pino. Request and answer bodies are never logged; the
 * session headers and secret-named fields are redacted should any code log them.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return pino(options, destination ?? (stdout ??= batchedStdout()));
}

/** One for the process, however many apps it builds (the tests build many). */
let stdout: DestinationStream | undefined;

/**
 * Stdout, the lines of the last few milliseconds written together: one write for the many answers sent meanwhile (a
 * cached answer costs less than a write of its own), in order, at most LOG_FLUSH_MS late or when 64 KB are waiting.
 * The write itself stays synchronous, as pino's default; what is pending at exit is written then (process.exit after
 * SIGTERM, an uncaught error), so only a process killed outright loses the last few milliseconds of lines.
 */
function batchedStdout(): DestinationStream {
  const out = pino.destination({ dest: 1, sync: true });
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const lines = pending;
    pending = '';
    if (lines) out.write(lines);
  };
  process.on('exit', flush);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= LOG_BATCH_CHARS) flush();
      else timer ??= setTimeout(flush, LOG_FLUSH_MS).unref();
    },
  };
}

const LOG_FLUSH_MS = 10;
const LOG_BATCH_CHARS = 64 * 1024;

/** The request being served, for the log lines the application writes while serving it (Nest's Logger has no request). */
const requestScope = new AsyncLocalStorage<{ reqId: string }>();

/** The request id: the incoming X-Request-Id when well-formed (nginx's), else a new one. */
const requestIdOf = (req: { headers: Record<string, string | string[] | undefined> }) => requestIdFrom(req.headers['x-request-id']);

/** Fastify options: the request id as above. */
export const requestIdOptions = () => ({
  genReqId: requestIdOf,
  // One line per request, written when the answer is sent (below), instead of Fastify's two; the id's label stays reqId.
  logController: new LogController({ disableRequestLogging: true }),
});

/**
 * Echoes the request id on every answer and logs one line per request: method, path (secrets redacted), status, time.
 * The line is written as requestLog writes it, the same bytes pino wrote through req.log (whose redaction and
 * serialisation of these fixed fields were a few percent of a cold read).
 */
export function logRequests(fastify: FastifyInstance): void {
  const lines = requestLog(fastify.log as unknown as Logger);
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    // The rest of the request (hooks, body parsing, Nest's handler) runs in this scope: see logging.spec.ts.
    requestScope.run({ reqId: req.id }, done);
  });
  fastify.addHook('onResponse', (req: FastifyRequest, reply: FastifyReply, done) => {
    lines.logRequest(req.id, req.method, req.url, reply.statusCode, reply.elapsedTime);
    done();
  });
}

/** What requestLog returns: the request id as Fastify makes it, and the request's log line. */
export interface RequestLines {
  requestId: (req: IncomingMessage) => string;
  /** The line of a GET answered by the answer cache's fast path (its request lines quoted once); reqId as requestId made it. */
  logAnswer: (reqId: string, url: string, status: number, ms: number) => void;
  /** The line of any request, written when its answer is sent (logRequests). */
  logRequest: (reqId: string, method: string, url: string, status: number, ms: number) => void;
}

/**
 * The request's log line, written as pino writes `req.log.info({ method, url, status, responseTime }, 'request')`
 * (level, time, pid, reqId, the fields, msg: logs.e2e-spec.ts compares them) straight to pino's destination: its
 * fields are fixed and hold no secret (the path's are redacted here as before), so pino's redaction and
 * serialisation, a tenth of a cached answer's cost, are not needed. Also the answer cache's fast path's line.
 */
export function requestLog(log: Logger): RequestLines {
  const destination = (log as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym];
  const head = `{"level":${log.levels.values.info},"time":"`;
  const pid = `","pid":${JSON.stringify(process.pid)},"reqId":"`;
  // The few request lines answered by the fast path, redacted and quoted once, with the fields around them (bounded:
  // forgotten all at once when full).
  const quoted = new Map<string, string>();
  const middle = (url: string) => {
    let q = quoted.get(url);
    if (q === undefined) {
      if (quoted.size >= 1000) quoted.clear();
      q = `","method":"GET","url":${JSON.stringify(redactUrl(url))},"status":`;
      quoted.set(url, q);
    }
    return q;
  };
  // The time as pino writes it, made once per millisecond however many answers share it.
  let now = 0;
  let time = '';
  const timeNow = () => {
    const t = Date.now();
    if (t !== now) {
      now = t;
      time = new Date(t).toISOString();
    }
    return time;
  };
  // A request id is letters, digits and ._:- only (requestIdFrom): nothing in it to escape for JSON.
  const write = (reqId: string, fields: string, status: number, ms: number) =>
    destination.write(`${head}${timeNow()}${pid}${reqId}${fields}${status},"responseTime":${Math.round(ms * 10) / 10},"msg":"request"}\n`);
  return {
    requestId: requestIdOf,
    logAnswer: (reqId, url, status, ms) => {
      if (log.isLevelEnabled('info')) write(reqId, middle(url), status, ms);
    },
    logRequest: (reqId, method, url, status, ms) => {
      if (log.isLevelEnabled('info')) write(reqId, `","method":${JSON.stringify(method)},"url":${JSON.stringify(redactUrl(url))},"status":`, status, ms);
    },
  };
}

/**
 * Nest's Logger (new Logger('Bootstrap').log(...), the framework's own start-up lines) written through pino: the
 * context becomes a field, an Error or a stack its `err`, and a line written while a request is served carries its reqId.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]) {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.write('error', message, params, true);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.write('fatal', message, params, true);
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', message: unknown, params: unknown[], mayHaveStack = false) {
    if (!this.logger.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = {};
    const reqId = requestScope.getStore()?.reqId;
    if (reqId) fields.reqId = reqId;
    // Nest's Logger appends its context last; error() puts a stack before it.
    const rest = [...params];
    if (rest.length && typeof rest[rest.length - 1] === 'string' && !(mayHaveStack && rest.length === 1 && isStack(rest[0]))) fields.context = rest.pop();
    if (mayHaveStack && typeof rest[0] === 'string' && isStack(rest[0])) fields.stack = rest.shift();
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, message.message);
    } else if (message && typeof message === 'object') {
      this.logger[level]({ ...fields, ...(message as object) });
    } else {
      this.logger[level](fields, String(message));
    }
  }
}

const isStack = (value: unknown) => typeof value === 'string' && /\n\s+at /.test(value);
