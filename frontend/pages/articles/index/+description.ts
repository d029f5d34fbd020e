import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../../lib/copy';
import { PEOPLE } from '../../../lib/descriptions';

const describe = (site: Site) => `Guides and articles from ${COPY[site].siteName} for ${PEOPLE[site].seekers}: ideas, advice and what to ask before you book.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
