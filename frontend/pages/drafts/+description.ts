import type { Site } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import type { Data } from './+data';

const describe = (site: Site, title: string) => `Draft preview of ${title} on ${COPY[site].siteName}: only its lister can see it until it is published.`;

export default (pageContext: PageContext<Data>) => describe(pageContext.site.site, pageContext.data.post.title);
