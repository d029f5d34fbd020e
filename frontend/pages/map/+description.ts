import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import { PEOPLE } from '../../lib/descriptions';

const describe = (site: Site) => `See the ${PEOPLE[site].listers} of ${COPY[site].siteName} on one map of Ireland's 32 counties, and open any profile from its marker.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
