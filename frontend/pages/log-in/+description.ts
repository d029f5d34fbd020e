import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';

const describe = (site: Site) =>
  `Log in to your ${COPY[site].siteName} control panel to update your profile, photos, video and audio, and to read the enquiries you receive.`;

export default (pageContext: PageContext) => describe(pageContext.site.site);
