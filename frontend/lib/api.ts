/** A non-2xx answer from the API. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
  ) {
    super(`API ${path} answered ${status}`);
  }
}

/** GET JSON from the API with its X-Total-Count, when sent. */
export async function apiGet<T>(origin: string, path: string, headers?: Record<string, string>): Promise<{ body: T; total: number | null }> {
  const res = await fetch(`${origin}${path}`, { headers: { Accept: 'application/json', ...headers } });
  if (!res.ok) throw new ApiError(res.status, path);
  const total = res.headers.get('X-Total-Count');
  return { body: (await res.json()) as T, total: total === null ? null : Number(total) };
}

export function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
