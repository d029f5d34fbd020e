import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import { PEOPLE } from '../../lib/descriptions';

const describe = (site: Site) => `Are you a ${COPY[site].listerType}? Join ${COPY[site].siteName} free in seconds and be found by ${PEOPLE[site].seekers} across Ireland.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
