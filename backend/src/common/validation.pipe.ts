import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

/**
 * Whitelisting validation for every DTO: unknown fields are refused, values are converted
 * to the DTO's types, and the 400 names each field with its first problem.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors: ValidationError[]) => {
      const flat = flatten(errors);
      return new BadRequestException({
        error: 'Bad Request',
        message: flat.map((e) => e.message).join('; '),
        field: flat[0]?.field,
        errors: flat,
      });
    },
  });
}

function flatten(errors: ValidationError[], prefix = ''): { field: string; message: string }[] {
  return errors.flatMap((e) => {
    const field = prefix + e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own.slice(0, 1), ...flatten(e.children ?? [], `${field}.`)];
  });
}
