import { ObjectLiteral, QueryFailedError, Repository } from 'typeorm';

const DUPLICATE_CODES = new Set(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** A unique or primary key refused the row (MySQL/MariaDB or SQLite); any other database error is not one. */
export function isDuplicateKey(err: unknown): boolean {
  return err instanceof QueryFailedError && DUPLICATE_CODES.has((err.driverError as { code?: string } | undefined)?.code ?? '');
}

const MISSING_PARENT_CODES = new Set(['ER_NO_REFERENCED_ROW_2', 'ER_NO_REFERENCED_ROW', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

/** A foreign key refused the row because the row it names is gone (deleted meanwhile, MySQL/MariaDB or SQLite). */
export function isMissingParent(err: unknown): boolean {
  return err instanceof QueryFailedError && MISSING_PARENT_CODES.has((err.driverError as { code?: string } | undefined)?.code ?? '');
}

/** Inserts a row unless a unique or primary key already holds it: true when stored, false for a duplicate (also between racing inserts). */
export async function insertUnlessDuplicate<T extends ObjectLiteral>(repo: Repository<T>, row: Parameters<Repository<T>['insert']>[0]): Promise<boolean> {
  try {
    await repo.insert(row);
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}
