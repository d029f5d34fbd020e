import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../../lib/copy';
import type { Data } from './+data';

export default (pageContext: PageContext<Data>) => pageTitle(pageContext.site.site, `Edit: ${pageContext.data.post.title}`);
