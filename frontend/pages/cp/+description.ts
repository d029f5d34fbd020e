import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) => `Your ${COPY[site].siteName} control panel: your account, your profile and the enquiries you receive.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
