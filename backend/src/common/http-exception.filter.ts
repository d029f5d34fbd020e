import type { ErrorBody } from '@directory/domain';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';

/** What the body parser's refusals mean to a caller, by status. */
export const BODY_ERRORS: Record<number, string> = {
  413: 'Request body is too large',
  415: 'The request body must be JSON in UTF-8, sent plain or compressed with gzip, deflate or br',
};

/**
 * One place that shapes error answers. Known HTTP errors keep their status and message;
 * anything else is logged and answered with a bare 500 so no internals leak to the caller.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      res.status(status).json(toBody(status, exception.getResponse()));
      return;
    }
    // body-parser raises plain errors with a status for malformed JSON or oversized bodies.
    const status = (exception as { status?: number })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = BODY_ERRORS[status] ?? 'Request body is not valid JSON';
      res.status(status).json({ statusCode: status, error: httpError(status), message });
      return;
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    res.status(500).json({ statusCode: 500, error: 'Internal Server Error', message: 'Internal server error' });
  }
}

function toBody(status: number, response: string | object): ErrorBody {
  if (typeof response === 'string') return { statusCode: status, error: httpError(status), message: response };
  const r = response as Partial<ErrorBody> & { message?: string | string[] };
  const message = Array.isArray(r.message) ? r.message.join('; ') : r.message ?? httpError(status);
  return {
    statusCode: status,
    error: r.error ?? httpError(status),
    message,
    ...(r.field ? { field: r.field } : {}),
    ...(r.code ? { code: r.code } : {}),
    ...(r.errors ? { errors: r.errors } : {}),
  };
}

function httpError(status: number): string {
  const name = HttpStatus[status];
  return name ? name.toLowerCase().replace(/(^|_)(\w)/g, (_, s: string, c: string) => (s ? ' ' : '') + c.toUpperCase()) : 'Error';
}
