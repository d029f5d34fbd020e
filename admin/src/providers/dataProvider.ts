import { DataProvider, fetchUtils, HttpError } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { getConfig } from '../config';
import { authFetch } from './session';

/**
 * ra-data-simple-rest over /api/admin, wrapped rather than forked: its HTTP client adds the bearer token and renews
 * the session once on a 401 (session.ts); update sends only the fields that changed (the API refuses unknown and
 * read-only fields); and the back office's actions (hide, unhide, retry, refund, approve, refuse) are one `act` call.
 */
const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers as HeadersInit | undefined);
  if (options.body && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const res = await authFetch(url, { ...options, headers } as RequestInit);
  const body = await res.text();
  let json: unknown;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = undefined;
  }
  if (res.status < 200 || res.status >= 300) {
    const answer = json as { message?: string; field?: string } | undefined;
    throw new HttpError(answer?.message ?? res.statusText, res.status, json);
  }
  return { status: res.status, headers: res.headers, body, json };
};

export interface AdminDataProvider extends DataProvider {
  /** POST /api/admin/{resource}/{id}/{action}: answers the record as it is now. */
  act: (resource: string, id: number | string, action: string) => Promise<{ data: Record<string, unknown> }>;
}

export function createDataProvider(): AdminDataProvider {
  const api = `${getConfig().apiOrigin}/api/admin`;
  const base = simpleRestProvider(api, httpClient as unknown as typeof fetchUtils.fetchJson);
  return {
    ...base,
    update: (resource, params) => {
      const before = (params.previousData ?? {}) as Record<string, unknown>;
      const changed = Object.fromEntries(Object.entries(params.data as Record<string, unknown>).filter(([k, v]) => k !== 'id' && JSON.stringify(v) !== JSON.stringify(before[k])));
      return base.update(resource, { ...params, data: changed });
    },
    act: async (resource, id, action) => {
      const { json } = await httpClient(`${api}/${resource}/${encodeURIComponent(String(id))}/${action}`, { method: 'POST', body: '{}' });
      return { data: json as Record<string, unknown> };
    },
  };
}
