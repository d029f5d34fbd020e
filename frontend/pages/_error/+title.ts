import type { PageContext } from 'vike/types';
import { pageTitle, TEXT } from '../../lib/copy';

export default (pageContext: PageContext) => pageTitle(pageContext.site.site, pageContext.is404 ? TEXT.notFound : 'Error');
