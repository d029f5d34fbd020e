import { INestApplication, RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';

/** One route of the API as its controller declares it, with the DTO classes of its body, query and path. */
export interface ApiRoute {
  method: keyof typeof RequestMethod;
  /** Express-style path: '/api/articles/:id'. */
  path: string;
  body?: Type;
  query?: Type;
  params?: Type;
}

/**
 * Every route of the running application, read from the controllers' decorators, so a route added later is
 * covered by the tests that walk them without anyone remembering to list it.
 */
export function apiRoutes(app: INestApplication): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const controller = metatype as Type;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        const path: string | string[] | undefined = Reflect.getMetadata(PATH_METADATA, handler);
        if (name === 'constructor' || path === undefined) continue;
        const args: Record<string, { index: number }> = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {};
        const types: Type[] = Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? [];
        const dto = (kind: RouteParamtypes) => {
          const key = Object.keys(args).find((k) => k.split(':')[0] === String(kind));
          return key ? types[args[key].index] : undefined;
        };
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod] as ApiRoute['method'];
        for (const base of [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat()) {
          for (const own of [path].flat()) {
            routes.push({
              method,
              path: '/' + [base, own].filter((p) => p && p !== '/').map((p) => p.replace(/^\/+|\/+$/g, '')).join('/'),
              body: dto(RouteParamtypes.BODY),
              query: dto(RouteParamtypes.QUERY),
              params: dto(RouteParamtypes.PARAM),
            });
          }
        }
      }
    }
  }
  return routes;
}
