import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) =>
  `Choose a new password for your ${COPY[site].siteName} account from the link we emailed you: at least 8 characters with a letter and a number.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
