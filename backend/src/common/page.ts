import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';

/** A list answer with the size of the whole result set, sent as the X-Total-Count header. */
export class Page<T> {
  constructor(
    readonly items: T[],
    readonly total: number,
  ) {}
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Turns a returned Page into its items as the body plus the total in a header. */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof Page)) return result;
        context.switchToHttp().getResponse<FastifyReply>().header(TOTAL_COUNT_HEADER, String(result.total));
        return result.items;
      }),
    );
  }
}
