import type { ContactDetailsDto } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { apiGet } from '../../lib/api-client';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  return (await apiGet<ContactDetailsDto>(pageContext.apiInternalOrigin, '/api/contact-details/')).body;
}
