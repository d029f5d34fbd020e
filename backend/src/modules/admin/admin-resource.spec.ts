import 'reflect-metadata';
import { RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { IsString } from 'class-validator';
import { IdParamDto } from '../../common/id-param.dto';
import { SimpleRestQueryDto } from '../../common/simple-rest';
import type { Viewer } from '../../common/viewer';
import { AdminResource, changesFrom } from './admin-resource';

class ThingDto {
  @IsString() name?: string;
}

class Things {
  list = jest.fn(async () => ({ rows: [] }) as never);
  one = jest.fn(async (id: number) => ({ id }));
  update = jest.fn(async (_viewer: Viewer, id: number, dto: ThingDto) => ({ id, ...dto }));
  archive = jest.fn(async (_viewer: Viewer, id: number) => ({ id, archived: true }));
}

/** The routes a class declares as Nest reads them: own methods with a path, their HTTP method, code and parameter classes. */
function routes(controller: Function) {
  const proto = controller.prototype as Record<string, Function>;
  return Object.getOwnPropertyNames(proto)
    .filter((name) => name !== 'constructor' && Reflect.getMetadata(PATH_METADATA, proto[name]) !== undefined)
    .map((name) => ({
      name,
      route: `${RequestMethod[Reflect.getMetadata(METHOD_METADATA, proto[name]) as number]} ${Reflect.getMetadata(PATH_METADATA, controller)}/${Reflect.getMetadata(PATH_METADATA, proto[name])}`,
      code: Reflect.getMetadata(HTTP_CODE_METADATA, proto[name]) as number | undefined,
      params: (Reflect.getMetadata('design:paramtypes', proto, name) as Function[]).map((t) => t.name),
      args: Object.keys(Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}).length,
    }));
}

describe('AdminResource', () => {
  @AdminResource({ resource: 'things', service: Things }, { update: ThingDto, actions: { archive: (things, viewer, id) => things.archive(viewer, id) } })
  class ThingsController {
    declare readonly rows: Things;
  }

  it('declares the list, one record and only the writes named, each with the classes the validation pipe checks', () => {
    expect(routes(ThingsController)).toEqual([
      { name: 'list', route: 'GET api/admin/things//', code: undefined, params: ['SimpleRestQueryDto'], args: 1 },
      { name: 'one', route: 'GET api/admin/things/:id', code: undefined, params: ['IdParamDto'], args: 1 },
      { name: 'update', route: 'PUT api/admin/things/:id', code: undefined, params: ['Object', 'IdParamDto', 'ThingDto'], args: 3 },
      { name: 'archive', route: 'POST api/admin/things/:id/archive', code: 200, params: ['Object', 'IdParamDto'], args: 2 },
    ]);
    expect(Reflect.getMetadata('roles', ThingsController)).toEqual(['admin']);
  });

  it('hands each route to the service', async () => {
    const controller = Object.assign(new ThingsController(), { rows: new Things() }) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const viewer: Viewer = { userId: 1, role: 'admin' };
    await controller.list(Object.assign(new SimpleRestQueryDto(), { sort: '["id","ASC"]' }));
    expect(await controller.one(Object.assign(new IdParamDto(), { id: 7 }))).toEqual({ id: 7 });
    expect(await controller.update(viewer, { id: 7 }, { name: 'x' })).toEqual({ id: 7, name: 'x' });
    expect(await controller.archive(viewer, { id: 7 })).toEqual({ id: 7, archived: true });
  });

  it('refuses an action named like a method the class has', () => {
    expect(() => {
      @AdminResource({ resource: 'things', service: Things }, { actions: { cover: async () => null } })
      class Clash {
        cover() {}
      }
      return Clash;
    }).toThrow('Clash has a method cover already');
  });
});

describe('changesFrom', () => {
  interface Entity {
    title: string;
    ownerId: number | null;
    publishedAt: Date;
  }
  const fields = { title: 'title', owner_id: 'ownerId', published_at: (at: string) => ({ publishedAt: new Date(at) }) } as const;

  it('stores the fields sent, null included, converted where a function says how, and nothing for those not sent', () => {
    expect(changesFrom<{ title?: string; owner_id?: number | null; published_at?: string }, Entity>({ owner_id: null, published_at: '2025-01-02T00:00:00Z' }, fields)).toEqual({
      ownerId: null,
      publishedAt: new Date('2025-01-02T00:00:00Z'),
    });
    expect(changesFrom<{ title?: string; owner_id?: number | null; published_at?: string }, Entity>({}, fields)).toEqual({});
  });
});
