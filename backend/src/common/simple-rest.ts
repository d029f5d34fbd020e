import { RequestErrorCode } from '@directory/domain';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { RequestException } from './domain.exception';

/**
 * The list dialect of ra-data-simple-rest, which the admin app speaks: `?sort=["title","ASC"]&range=[0,24]&filter={"q":"x"}`
 * in, the rows as the body and `Content-Range: posts 0-24/319` out. One parser and one answer for every admin resource.
 */
export class SimpleRestQueryDto {
  @IsOptional() @IsString() @MaxLength(200) sort?: string;
  @IsOptional() @IsString() @MaxLength(100) range?: string;
  @IsOptional() @IsString() @MaxLength(4000) filter?: string;
}

export interface SimpleRestList<F extends string = string> {
  sort: { field: F; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  /** The filter object as sent; `{ id: [...] }` asks for many by id (getMany). */
  filter: Record<string, unknown>;
}

const MAX_PAGE = 500;
/** The last row a range may name: beyond it an OFFSET no longer fits the databases' integers (1e20 is a 500 otherwise). */
const MAX_ROW = 2_147_483_647;
/** Names every object has: as filter keys they would find Object.prototype's members in a resource's tables. */
const BUILT_IN_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** What a filter compares a column with: JSON's scalars, numbers finite (JSON.parse reads 1e400 as Infinity). */
const isFilterValue = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** A list query with a field that is not JSON or not of its shape named as the field at fault (400). */
export function parseSimpleRest<F extends string>(query: SimpleRestQueryDto, sortable: readonly F[], defaultSort: SimpleRestList<F>['sort']): SimpleRestList<F> {
  const sort = readJson(query, 'sort', defaultSort ? [defaultSort.field, defaultSort.order] : undefined);
  if (!Array.isArray(sort) || sort.length !== 2 || !sortable.includes(sort[0] as F) || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
    throw invalid('sort', `sort must be ["field","ASC"|"DESC"] with field one of ${sortable.join(', ')}`);
  }
  const range = readJson(query, 'range', [0, 24]);
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0 && n <= MAX_ROW) || range[1] < range[0]) {
    throw invalid('range', `range must be [first, last] with whole numbers from 0 to ${MAX_ROW}, first <= last`);
  }
  const filter = readJson(query, 'filter', {});
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw invalid('filter', 'filter must be a JSON object');
  for (const [key, value] of Object.entries(filter)) {
    if (BUILT_IN_KEYS.has(key)) throw invalid('filter', `filter.${key} is not a filter`);
    if (!isFilterValue(value) && !(Array.isArray(value) && value.every(isFilterValue))) {
      throw invalid('filter', `filter.${key} must be text, a finite number, true, false or null, or an array of those`);
    }
  }
  return {
    sort: { field: sort[0] as F, order: String(sort[1]).toUpperCase() as 'ASC' | 'DESC' },
    offset: range[0],
    limit: Math.min(range[1] - range[0] + 1, MAX_PAGE),
    filter: filter as Record<string, unknown>,
  };
}

function readJson(query: SimpleRestQueryDto, field: keyof SimpleRestQueryDto, fallback: unknown): unknown {
  const text = query[field];
  if (text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(field, `${field} must be JSON`);
  }
}

function invalid(field: string, message: string) {
  return new RequestException(RequestErrorCode.ValidationFailed, { field, errors: [{ field, message }], values: [[{ message }]] });
}

/** One page of an admin resource; the interceptor sends the rows and their Content-Range. */
export class SimpleRestPage<T> {
  constructor(
    readonly resource: string,
    readonly items: T[],
    readonly offset: number,
    readonly total: number,
  ) {}
}

/** A returned SimpleRestPage is sent as its rows plus `Content-Range: {resource} {first}-{last}/{total}` (ApiFastifyAdapter.reply). */
export function simpleRestBody(page: SimpleRestPage<unknown>, reply: FastifyReply): unknown[] {
  const last = page.items.length ? page.offset + page.items.length - 1 : page.offset;
  reply.header('Content-Range', `${page.resource} ${page.offset}-${last}/${page.total}`);
  return page.items;
}
