import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import { PEOPLE } from '../../lib/descriptions';

const describe = (site: Site, is404: boolean) =>
  is404
    ? `That page is not on ${COPY[site].siteName}. Browse ${PEOPLE[site].listers} by category or county, or start from the full directory.`
    : `${COPY[site].siteName} could not show this page just now. Please try again in a moment.`;

export default (pageContext: PageContext) => describe(pageContext.site.site, Boolean(pageContext.is404));
