import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, Type } from '@nestjs/common';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { ObjectLiteral, Repository } from 'typeorm';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { SimpleRestPage, SimpleRestQueryDto } from '../../common/simple-rest';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { findOr404, listPage, ResourceSpec } from './admin-list';

/** What every admin resource answers: a page of its list (sent with its Content-Range) and one row by id, or 404. */
export interface AdminRows<R = unknown> {
  list(query: SimpleRestQueryDto): Promise<SimpleRestPage<R>>;
  one(id: number): Promise<R>;
}

/** A resource's rows as its ResourceSpec lists them, each mapped to the API's row by `row`. Services extend it. */
export class SpecRows<E extends ObjectLiteral, R> implements AdminRows<R> {
  constructor(
    readonly repo: Repository<E>,
    protected readonly spec: ResourceSpec,
    protected readonly row: (entity: E) => R,
  ) {}

  list(query: SimpleRestQueryDto): Promise<SimpleRestPage<R>> {
    return listPage(this.repo, this.spec, query, this.row);
  }

  async one(id: number): Promise<R> {
    return this.row(await findOr404(this.repo, this.spec.resource, id));
  }
}

/** Read-only records need nothing more than their table, read as the spec says, and the row function. */
export interface TableSource<E extends ObjectLiteral> {
  spec: ResourceSpec;
  entity: Type<E>;
  row: (entity: E) => unknown;
}

/** A resource with writes has a service (an `AdminRows`, usually a SpecRows) that holds them. */
export interface ServiceSource<S extends AdminRows> {
  resource: string;
  service: Type<S>;
}

/**
 * The writes a resource offers, each a route only when named here; the body's DTO class is what the global validation
 * pipe checks (it must match the service's method, which the types enforce). Every write is audited by the service.
 */
export interface Writes<S> {
  /** `POST /api/admin/{resource}`: `service.create(viewer, dto)`. */
  create?: S extends { create(viewer: Viewer, dto: infer D): Promise<unknown> } ? Type<D> : never;
  /** `PUT /api/admin/{resource}/{id}`: `service.update(viewer, id, dto)`; only the fields sent change. */
  update?: S extends { update(viewer: Viewer, id: number, dto: infer D): Promise<unknown> } ? Type<D> : never;
  /** `DELETE /api/admin/{resource}/{id}`: `service.remove(viewer, id)`. */
  remove?: S extends { remove(viewer: Viewer, id: number): Promise<unknown> } ? true : never;
  /** `POST /api/admin/{resource}/{id}/{name}` (200): the app's buttons (hide, retry, refund, ...). */
  actions?: Record<string, (service: S, viewer: Viewer, id: number) => Promise<unknown>>;
}

type Editable = {
  create(viewer: Viewer, dto: unknown): Promise<unknown>;
  update(viewer: Viewer, id: number, dto: unknown): Promise<unknown>;
  remove(viewer: Viewer, id: number): Promise<unknown>;
};

/** Where the decorated class keeps the repository of a table source, injected as a property (it has no constructor). */
const REPOSITORY = 'repository';

/**
 * Makes a class the controller of one admin resource at `/api/admin/{resource}`, admins only, in ra-data-simple-rest's
 * dialect: `GET /` (the list), `GET /:id`, and the writes and actions named. The routes are the class's own methods
 * (as if written out), and `this.rows` is the service, or the SpecRows of a table source. A route of the resource's
 * own (a CSV export, an upload) is a decorated method of the class, declaring `rows` with its type:
 *
 *   @AdminResource({ spec: ENTRIES, entity: EntryEntity, row: mapEntry })
 *   export class AdminEntriesController {
 *     declare readonly rows: SpecRows<EntryEntity, EntryRow>;
 *     @Get('export.csv') csv() { ... }
 *   }
 */
export function AdminResource<E extends ObjectLiteral>(source: TableSource<E>): ClassDecorator;
export function AdminResource<S extends AdminRows>(source: ServiceSource<S>, writes?: Writes<S>): ClassDecorator;
export function AdminResource<S extends AdminRows>(source: TableSource<ObjectLiteral> | ServiceSource<S>, writes: Writes<S> = {}): ClassDecorator {
  return (target) => {
    const proto = target.prototype as object;
    if ('spec' in source) {
      Inject(getRepositoryToken(source.entity))(proto, REPOSITORY);
      const rows = new WeakMap<object, SpecRows<ObjectLiteral, unknown>>();
      Object.defineProperty(proto, 'rows', {
        get(this: Record<typeof REPOSITORY, Repository<ObjectLiteral>>) {
          if (!rows.has(this)) rows.set(this, new SpecRows(this[REPOSITORY], source.spec, source.row));
          return rows.get(this);
        },
      });
    } else {
      Inject(source.service)(proto, 'rows');
    }
    Controller(`api/admin/${'spec' in source ? source.spec.resource : source.resource}`)(target);
    Roles('admin')(target);

    type Self = { rows: S & Editable };
    const viewer: RouteParam = [CurrentViewer(), Object];
    const id: RouteParam = [Param(), IdParamDto];
    route(proto, 'list', [Get()], [[Query(), SimpleRestQueryDto]], function (this: Self, query: SimpleRestQueryDto) {
      return this.rows.list(query);
    });
    route(proto, 'one', [Get(':id')], [id], function (this: Self, { id }: IdParamDto) {
      return this.rows.one(id);
    });
    if (writes.create) {
      route(proto, 'create', [Post()], [viewer, [Body(), writes.create]], function (this: Self, who: Viewer, dto: unknown) {
        return this.rows.create(who, dto);
      });
    }
    if (writes.update) {
      route(proto, 'update', [Put(':id')], [viewer, id, [Body(), writes.update]], function (this: Self, who: Viewer, { id }: IdParamDto, dto: unknown) {
        return this.rows.update(who, id, dto);
      });
    }
    if (writes.remove) {
      route(proto, 'remove', [Delete(':id')], [viewer, id], function (this: Self, who: Viewer, { id }: IdParamDto) {
        return this.rows.remove(who, id);
      });
    }
    for (const [name, act] of Object.entries(writes.actions ?? {})) {
      route(proto, name, [Post(`:id/${name}`), HttpCode(200)], [viewer, id], function (this: Self, who: Viewer, { id }: IdParamDto) {
        return act(this.rows, who, id);
      });
    }
  };
}

/**
 * What an update stores: for each field the DTO carries (a field not sent is undefined and changes nothing; null is a
 * value), the entity property it names, or what its function makes of the value (a sanitised text, a date). Every
 * field of the DTO must be named, so a field added to it is not silently accepted and dropped.
 */
export function changesFrom<D extends object, E>(dto: D, fields: { [K in keyof D]-?: keyof E | ((value: Exclude<D[K], undefined>) => Partial<E>) }): Partial<E> {
  const changes: Partial<E> = {};
  for (const [field, to] of Object.entries(fields) as [keyof D, keyof E | ((value: unknown) => Partial<E>)][]) {
    const value = dto[field];
    if (value !== undefined) Object.assign(changes, typeof to === 'function' ? to(value) : { [to]: value });
  }
  return changes;
}

/** A route parameter: its decorator, and the class the validation pipe checks it against. */
type RouteParam = [ParameterDecorator, Type<unknown> | ObjectConstructor];

/**
 * Adds a handler as TypeScript's decorators would: the class of each parameter is set by hand, since a body's DTO is
 * only known when the factory runs (the emitted metadata of a generic parameter would say Object, and go unchecked).
 */
function route(proto: object, name: string, decorators: MethodDecorator[], params: RouteParam[], handler: (...args: never[]) => unknown) {
  if (Object.prototype.hasOwnProperty.call(proto, name)) throw new Error(`${proto.constructor.name} has a method ${name} already`);
  Object.defineProperty(handler, 'name', { value: name });
  Object.defineProperty(proto, name, { value: handler, writable: true, configurable: true });
  params.forEach(([decorate], index) => decorate(proto, name, index));
  Reflect.defineMetadata('design:paramtypes', params.map(([, type]) => type), proto, name);
  const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
  for (const decorate of decorators) decorate(proto, name, descriptor);
}
