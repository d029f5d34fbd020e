import { render } from 'vike/abort';
import { ApiError } from './api-client';

/**
 * Page data: the API's answer to what the address asked for. A 400 (a slug or id the API refuses, such as one
 * over 200 characters) or 404 means there is no such page: the 404 page, never a server error.
 */
export async function orNotFound<T>(load: Promise<T>, statuses: number[] = [400, 404]): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof ApiError && statuses.includes(err.status)) throw render(404);
    throw err;
  }
}
