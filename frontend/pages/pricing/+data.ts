import type { PageContext } from 'vike/types';
import { apiGet } from '../../lib/api';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  return (await apiGet<{ currency: string; monthly_cents: number; yearly_cents: number; trial_days: number; refund_days: number; reminder_days_before: number }>(pageContext.apiInternalOrigin, '/api/plans/')).body;
}
