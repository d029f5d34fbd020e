import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) => `Forgotten your ${COPY[site].siteName} password? Enter your email address and we will send you a link to choose a new one.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
