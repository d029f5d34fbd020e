import { ErrorBody, ServiceErrorCode } from '@directory/domain';
import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { answerFor, bodyParserCode, errorBody } from './error-answers';

/**
 * One place that shapes error answers, each with a stable code: domain exceptions and the framework's own refusals
 * are answered from one table (error-answers.ts); anything else is logged and answered with a bare 500
 * internal_error so no internals leak to the caller.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<FastifyReply>();
    const body = answerFor(exception) ?? bodyParserAnswer(exception) ?? this.unexpected(exception);
    res.status(body.statusCode).send(body);
  }

  private unexpected(exception: unknown): ErrorBody {
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return errorBody('service', ServiceErrorCode.InternalError);
  }
}

/**
 * Fastify's own refusals of a body (FST_ERR_CTP_*: too large, an empty or mis-sized JSON body) and a body stream that
 * fails while it is read (a broken or aborted upload) arrive as plain errors with a 4xx statusCode, not HttpExceptions.
 */
function bodyParserAnswer(exception: unknown): ErrorBody | null {
  const status = (exception as { statusCode?: number })?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? errorBody('request', bodyParserCode(status)) : null;
}
