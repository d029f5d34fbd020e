import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import { PEOPLE } from '../../lib/descriptions';

const describe = (site: Site) =>
  `How ${COPY[site].siteName} began in 2008 and grew to list ${PEOPLE[site].listers} across Ireland: our story, numbers, featured profiles and guides.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
