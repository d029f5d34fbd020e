import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import type { AppConfig } from '../config/configuration';
import { InjectConfig } from '../config/config.module';
import { readingFromReplica } from '../database/read-routing';

const PUBLIC_READ_KEY = 'publicRead';

/**
 * Marks a public GET whose answer may come from a read replica (DATABASE_REPLICA_URLS), a moment behind the primary:
 * lists and pages that every visitor sees alike (posts, profiles, categories, counties, articles, media, the summary).
 * Mark nothing that reads what its caller has just written: unmarked routes read the primary.
 */
export const PublicRead = () => SetMetadata(PUBLIC_READ_KEY, true);

/** Whether DATABASE_REPLICA_URLS names read replicas: without them every read reaches the one database, and no interceptor is needed. */
export const usesReplicas = (config: AppConfig): boolean => config.database.type === 'mysql' && Boolean(config.database.replicaUrls?.length);

/**
 * Runs a @PublicRead handler with its reads on a replica when the request is anonymous: a signed-in request (an
 * Authorization header or a cookie) reads the primary, so an owner sees a change at once everywhere, as the shared
 * caches treat signed-in requests. Guards run before this, so the session check itself always reads the primary.
 */
@Injectable()
export class ReplicaReadsInterceptor implements NestInterceptor {
  /** Without replicas every read reaches the one database: no mark to carry (a scope per request, and its promise hooks). */
  private readonly replicas: boolean;

  constructor(
    private readonly reflector: Reflector,
    @InjectConfig() config: AppConfig,
  ) {
    this.replicas = usesReplicas(config);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.replicas) return next.handle();
    if (context.getType() !== 'http' || !this.reflector.getAllAndOverride<boolean>(PUBLIC_READ_KEY, [context.getHandler(), context.getClass()])) return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const anonymous = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.authorization && !req.headers.cookie;
    // Nest binds the handler's async context when handle() is called, so calling it inside carries the mark along.
    return anonymous ? readingFromReplica(() => next.handle()) : next.handle();
  }
}
