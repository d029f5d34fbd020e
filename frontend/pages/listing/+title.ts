import type { PageContext } from 'vike/types';
import { COPY, pageTitle } from '../../lib/copy';
import { listingTitle } from '../../lib/listing';
import type { Data } from './+data';

export default (pageContext: PageContext<Data>) => {
  const { view, year } = pageContext.data;
  const site = pageContext.site.site;
  const heading = view.pattern === 7 ? COPY[site].tagline : listingTitle(view, site);
  return pageTitle(site, `${heading} ${year}`);
};
