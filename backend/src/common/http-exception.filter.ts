import { ErrorBody, REQUEST_ERRORS, ServiceErrorCode } from '@directory/domain';
import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { answerFor, bodyParserCode, errorBody } from './error-answers';

/** What the body parser's refusals mean to a caller, by status. */
export const BODY_ERRORS: Record<number, string> = {
  413: REQUEST_ERRORS.body_too_large,
  415: REQUEST_ERRORS.unsupported_media_type,
};

/**
 * One place that shapes error answers, each with a stable code: domain exceptions and the framework's own refusals
 * are answered from one table (error-answers.ts); anything else is logged and answered with a bare 500
 * internal_error so no internals leak to the caller.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = answerFor(exception) ?? bodyParserAnswer(exception) ?? this.unexpected(exception);
    res.status(body.statusCode).json(body);
  }

  private unexpected(exception: unknown): ErrorBody {
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return errorBody('service', ServiceErrorCode.InternalError);
  }
}

/** body-parser raises plain errors with a status for malformed JSON or oversized bodies. */
function bodyParserAnswer(exception: unknown): ErrorBody | null {
  const status = (exception as { status?: number })?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? errorBody('request', bodyParserCode(status)) : null;
}
