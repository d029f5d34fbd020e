import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { Page, pageBody } from './page';
import { SimpleRestPage, simpleRestBody } from './simple-rest';

/**
 * Nest's Fastify adapter, sending a list answer (a returned Page or SimpleRestPage) as its items with the headers that
 * carry its total (X-Total-Count, Content-Range), where global interceptors did it before: Nest runs no interceptor
 * chain at all for a route without one (an rxjs pipe and two async resources per interceptor per request were a tenth
 * of a cold public read's time, docs/performance.md), and the header is set before the body is serialised, in the same place
 * among the answer's headers.
 */
export class ApiFastifyAdapter extends FastifyAdapter {
  override reply(response: unknown, body: unknown, statusCode?: number) {
    if (body instanceof Page) body = pageBody(body, response as FastifyReply);
    else if (body instanceof SimpleRestPage) body = simpleRestBody(body, response as FastifyReply);
    return super.reply(response as FastifyReply, body, statusCode);
  }
}
