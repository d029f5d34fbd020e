import type { FastifyReply } from 'fastify';

/** A list answer with the size of the whole result set, sent as the X-Total-Count header. */
export class Page<T> {
  constructor(
    readonly items: T[],
    readonly total: number,
  ) {}
}

export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** A returned Page is sent as its items, its total in X-Total-Count (ApiFastifyAdapter.reply). */
export function pageBody(page: Page<unknown>, reply: FastifyReply): unknown[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}
