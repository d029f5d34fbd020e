import { QueryFailedError } from 'typeorm';

const DUPLICATE_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** A unique or primary key refused the row (MySQL/MariaDB or SQLite); any other database error is not one. */
export function isDuplicateKey(err: unknown): boolean {
  return err instanceof QueryFailedError && DUPLICATE_CODES.has((err.driverError as { code?: string } | undefined)?.code ?? '');
}
