import type { PlansDto } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { apiGet } from '../../../lib/api-client';

export type Data = Awaited<ReturnType<typeof data>>;

/** The site's plan amounts, rendered with the page; the lister's own state loads in the browser. */
export async function data(pageContext: PageContext) {
  return (await apiGet<PlansDto>(pageContext.apiInternalOrigin, '/api/plans/')).body;
}
