import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) => `The staging copy of ${COPY[site].siteName}: sign in with a team account to review changes before they go live.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
