import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) => `Put back the email of your ${COPY[site].siteName} account after a change you did not make, and sign everyone out.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
