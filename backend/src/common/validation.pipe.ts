import { FieldProblem, RequestErrorCode } from '@directory/domain';
import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import type { ValidatorOptions } from 'class-validator';
import { RequestException } from './domain.exception';
import { refusedNulls } from './nullable';

/**
 * Whitelisting validation for every DTO: unknown fields are refused, values are converted
 * to the DTO's types, and the 400 names each field with its first problem.
 */
export function createValidationPipe(): ValidationPipe {
  return new UnicodeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors: ValidationError[]) => validationFailed(flatten(errors)),
  });
}

/** 400 validation_failed: the message joins every problem, `field` names the first. */
const validationFailed = (problems: FieldProblem[]) =>
  new RequestException(RequestErrorCode.ValidationFailed, { field: problems[0]?.field, errors: problems, values: [problems] });

function flatten(errors: ValidationError[], prefix = ''): FieldProblem[] {
  return errors.flatMap((e) => {
    const field = prefix + e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own.slice(0, 1), ...flatten(e.children ?? [], `${field}.`)];
  });
}

/**
 * Refuses text that is not valid Unicode before validating: JSON may carry a lone surrogate ("\ud800"), which makes
 * validator.js's isEmail throw (it URI-encodes its input) and which no column could store faithfully anyway.
 */
class UnicodeValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type !== 'custom') {
      const field = brokenTextAt(value);
      if (field !== undefined) {
        const at = field || metadata.type;
        throw validationFailed([{ field: at, message: `${at} must be valid Unicode text` }]);
      }
      const member = builtInKeyAt(value);
      if (member !== undefined) throw validationFailed([{ field: member, message: `property ${member} should not exist` }]);
    }
    if (metadata.type !== 'query' || !metadata.metatype || !value || typeof value !== 'object') return super.transform(value, metadata);
    return this.validQuery(value as Record<string, unknown>, metadata);
  }

  /** null is refused where a field does not say what it means (nullable.ts), before the field's own rules run. */
  protected override validate(object: object, options?: ValidatorOptions) {
    const nulls = refusedNulls(object);
    return nulls.length ? nulls : super.validate(object, options);
  }

  /**
   * Query strings repeat (every visitor of a listing page sends the same few), and class-transformer plus
   * class-validator cost a cold public read about a twentieth of its time: a query string that passed is remembered
   * per DTO class, and the next identical one gets a copy of its result without validating again. Refusals are not
   * remembered (each is validated and answered as before). At most QUERY_MEMO entries, then it starts again.
   */
  private readonly validQueries = new Map<Function, Map<string, object>>();

  private async validQuery(value: Record<string, unknown>, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype!;
    const key = JSON.stringify(value);
    let memo = this.validQueries.get(metatype);
    const known = memo?.get(key);
    // A deep copy: a handler may change its DTO, a list or object inside it included, and the next request must not see it.
    if (known) return deepCopy(known);
    const valid = (await super.transform(value, metadata)) as object;
    // Only what deepCopy copies whole is remembered (a Map or a Buffer in a DTO would be validated every time).
    if (!copiesWhole(valid)) return valid;
    if (!memo) this.validQueries.set(metatype, (memo = new Map()));
    if (memo.size >= QUERY_MEMO) memo.clear();
    memo.set(key, deepCopy(valid));
    return valid;
  }
}

/** A DTO, a plain object, an array or a Date, holding only those and primitives: what deepCopy copies whole. */
function copiesWhole(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'function';
  if (depth > 8) return false;
  if (value instanceof Date) return true;
  if (!Array.isArray(value) && Object.prototype.toString.call(value) !== '[object Object]') return false;
  return Object.values(value).every((item) => copiesWhole(item, depth + 1));
}

/** A copy sharing nothing that can change with the original: objects keep their class (a DTO stays its DTO). */
function deepCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const key of Object.keys(value)) copy[key] = deepCopy((value as Record<string, unknown>)[key]);
  return copy as T;
}

const QUERY_MEMO = 500;

const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Where the first lone surrogate is, in a string or in a key: the field's path, '' for the value itself, undefined if
 * nowhere. Recursion is safe: bodies are at most MAX_JSON_DEPTH deep (json-depth.ts of @directory/server-kit) and query strings are flat.
 */
function brokenTextAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const found = LONE_SURROGATE.test(key) ? at : brokenTextAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Keys named after what every object has (`constructor`, `toString`, `hasOwnProperty`, `__proto__`, ...). The
 * whitelist looks fields up in a plain object of rules, where these names find Object.prototype's members and pass
 * as known; nothing may read them as data either. Refused like any unknown field, wherever they are in a body or query.
 */
const BUILT_IN_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The path of the first key named after a built-in member, undefined if none; as bounded as brokenTextAt. */
function builtInKeyAt(value: unknown, path = ''): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const found = BUILT_IN_KEYS.has(key) && !Array.isArray(value) ? at : builtInKeyAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
