import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) =>
  `Create your free ${COPY[site].siteName} account with your name, work email and a password, then confirm it with the 4-digit code we email you.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
