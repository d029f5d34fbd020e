import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) =>
  `Contact the ${COPY[site].siteName} team by phone, email or the contact form with questions about the directory, your listing or your account.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
