import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) =>
  `How ${COPY[site].siteName} collects, uses and keeps the personal data of members, enquirers and visitors, and how to exercise your data protection rights.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
