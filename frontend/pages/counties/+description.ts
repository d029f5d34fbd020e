import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import { PEOPLE } from '../../lib/descriptions';

const describe = (site: Site) => `Find ${PEOPLE[site].listers} near you: all 32 counties of Ireland on ${COPY[site].siteName}, each with its number of profiles.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
