import { AdminErrorCode, RequestErrorCode } from '@directory/domain';
import { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { AdminException } from './admin.exception';
import { RequestException } from '../../common/domain.exception';
import { parseSimpleRest, SimpleRestPage, SimpleRestQueryDto } from '../../common/simple-rest';

/** A filter the column table cannot express (a search, "hidden"): adds its condition for the value sent. */
export type CustomFilter = (qb: SelectQueryBuilder<ObjectLiteral>, value: unknown, param: string) => void;

/**
 * How one admin resource is listed: the API's field names (snake_case, as in its rows) mapped to SQL columns, which
 * are both sortable and filterable by equality (a value or an array of values); `id` is always one of them, so
 * `filter={"id":[1,2]}` (react-admin's getMany) works everywhere. `q` searches the `search` columns. The list is
 * newest first (`id` descending) unless `defaultSort` says otherwise.
 */
export interface ResourceSpec<F extends string = string> {
  resource: string;
  alias: string;
  columns: Record<F, string>;
  defaultSort?: { field: F; order: 'ASC' | 'DESC' };
  search?: string[];
  filters?: Record<string, CustomFilter>;
}

/** Columns whose API names are their SQL names, as every admin resource's are: `sameNames('id', 'email')`. */
export const sameNames = <F extends string>(...names: F[]): Record<F, string> => Object.fromEntries(names.map((n): [string, string] => [n, n])) as Record<F, string>;

const NEWEST_FIRST = { field: 'id', order: 'DESC' } as const;

/** SQLite binds no booleans; both engines store them as 0/1. */
export const sqlValue = (v: unknown): unknown => (typeof v === 'boolean' ? Number(v) : v);

export async function listPage<E extends ObjectLiteral, R>(
  repo: Repository<E>,
  spec: ResourceSpec,
  query: SimpleRestQueryDto,
  map: (row: E) => R,
): Promise<SimpleRestPage<R>> {
  const fields = Object.keys(spec.columns);
  const list = parseSimpleRest(query, fields, spec.defaultSort ?? NEWEST_FIRST);
  const qb = repo.createQueryBuilder(spec.alias);
  let n = 0;
  for (const [key, value] of Object.entries(list.filter)) {
    const param = `f${n++}`;
    if (value === undefined || value === null || value === '') continue;
    if (key === 'q' && spec.search) {
      // '!' escapes: a backslash would need escaping itself in MariaDB's string literals but not in SQLite's.
      const like = `%${String(value).replace(/[!%_]/g, (c) => `!${c}`)}%`;
      qb.andWhere(`(${spec.search.map((c) => `${spec.alias}.${c} LIKE :${param} ESCAPE '!'`).join(' OR ')})`, { [param]: like });
    } else if (spec.filters && Object.hasOwn(spec.filters, key)) {
      spec.filters[key](qb as unknown as SelectQueryBuilder<ObjectLiteral>, value, param);
    } else if (Object.hasOwn(spec.columns, key)) {
      const column = `${spec.alias}.${spec.columns[key as keyof typeof spec.columns]}`;
      if (Array.isArray(value)) {
        if (!value.length) qb.andWhere('1 = 0');
        else qb.andWhere(`${column} IN (:...${param})`, { [param]: value.map(sqlValue) });
      } else {
        qb.andWhere(`${column} = :${param}`, { [param]: sqlValue(value) });
      }
    } else {
      throw badFilter(key, `filter.${key} is not a filter of ${spec.resource}; use one of ${['q', ...Object.keys(spec.filters ?? {}), ...fields].join(', ')}`);
    }
  }
  const sortColumn = spec.columns[list.sort.field as keyof typeof spec.columns];
  qb.orderBy(`${spec.alias}.${sortColumn}`, list.sort.order);
  if (list.sort.field !== 'id') qb.addOrderBy(`${spec.alias}.id`, list.sort.order);
  // MySQL needs a LIMIT whenever there is an OFFSET.
  qb.offset(list.offset).limit(list.limit);
  const [rows, total] = await qb.getManyAndCount();
  return new SimpleRestPage(spec.resource, rows.map(map), list.offset, total);
}

const badFilter = (key: string, message: string) =>
  new RequestException(RequestErrorCode.ValidationFailed, { field: 'filter', errors: [{ field: `filter.${key}`, message }], values: [[{ message }]] });

/** 404 naming the resource and id. */
export const notFound = (resource: string, id: number | string) => new AdminException(AdminErrorCode.RecordNotFound, { field: 'id', values: [resource, id] });

/** The row's id, or 404. */
export async function findOr404<E extends ObjectLiteral>(repo: Repository<E>, resource: string, id: number): Promise<E> {
  const row = await repo.findOneBy({ id } as never);
  if (!row) throw notFound(resource, id);
  return row;
}
