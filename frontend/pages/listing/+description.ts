import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import { listingTitle } from '../../lib/listing';
import type { Data } from './+data';

export default (pageContext: PageContext<Data>) => {
  const { view, total, year } = pageContext.data;
  const site = pageContext.site.site;
  if (view.pattern === 7) return COPY[site].description;
  return `${listingTitle(view, site)}: ${total} profiles on ${COPY[site].siteName} in ${year}. Compare, listen and send an enquiry directly.`;
};
