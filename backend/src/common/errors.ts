import type { ErrorCode } from '@directory/domain';
import { BadRequestException, ForbiddenException, HttpException, NotFoundException } from '@nestjs/common';

/** Errors that name the field at fault, so clients can show the message beside it. */
export const fieldNotFound = (field: string, message: string) =>
  new NotFoundException({ message, field, error: 'Not Found' });
export const fieldInvalid = (field: string, message: string) =>
  new BadRequestException({ message, field, error: 'Bad Request' });
export const fieldForbidden = (field: string, message: string) =>
  new ForbiddenException({ message, field, error: 'Forbidden' });

/** An error with a stable machine code (one of the domain's) beside its human message (clients choose their text by code). */
export const codedError = (status: number, code: ErrorCode, message: string, field?: string) =>
  new HttpException({ message, code, ...(field ? { field } : {}) }, status);
