import type { ErrorCode } from '@directory/domain';
import { HttpException } from '@nestjs/common';

/**
 * An HTTP error with a code, as the body parser (json-body.ts) raises them; the filter answers it with its
 * own status, message and code. Services and guards throw their domain's exception instead (domain.exception.ts),
 * answered from the one table in error-answers.ts.
 */
export const codedError = (status: number, code: ErrorCode, message: string, field?: string) =>
  new HttpException({ message, code, ...(field ? { field } : {}) }, status);
