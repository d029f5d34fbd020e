import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) =>
  `The terms of use of ${COPY[site].siteName}: members' listings, enquiries, subscriptions with their free trial and refunds, and acceptable use of the directory.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
