import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import { PEOPLE } from '../../lib/descriptions';

const describe = (site: Site) =>
  `Browse ${PEOPLE[site].listers} on ${COPY[site].siteName} by category: every category with a short description and the number of profiles it lists.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
