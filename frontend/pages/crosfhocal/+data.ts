import type { PageContext } from 'vike/types';
import { apiGet } from '../../lib/api';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  return (await apiGet<{ open: boolean; closes_at: string; prize_euro: number }>(pageContext.apiInternalOrigin, '/api/crosfhocal/')).body;
}
