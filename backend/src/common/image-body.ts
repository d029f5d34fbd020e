import { RequestErrorCode } from '@directory/domain';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { RequestException } from './domain.exception';

/** The image bodies an upload route reads, sent as the raw file (`Content-Type: image/jpeg`), not as a form. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** Marks a route as reading an image body: `@RouteConfig(IMAGE_BODY)`. Every other route keeps refusing images (415). */
export const IMAGE_BODY = { imageBody: true };

const readsImages = (config: unknown) => !!(config as { imageBody?: boolean } | undefined)?.imageBody;

/** Fastify's parser for the image types: the bytes, for a route marked IMAGE_BODY only. */
export function parseImageBody(req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void): void {
  if (readsImages(req.routeOptions.config)) return done(null, body);
  done(req.is404 ? null : new RequestException(RequestErrorCode.UnsupportedMediaType));
}

/** onRoute hook: a photo is larger than the 1 MB a JSON body may be, on the routes that read one. */
export function allowImageBodies(route: RouteOptions): void {
  if (readsImages(route.config)) route.bodyLimit = MAX_IMAGE_BYTES;
}
