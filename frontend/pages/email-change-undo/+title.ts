import type { PageContext } from 'vike/types';
import { pageTitle } from '../../lib/copy';

export default (pageContext: PageContext) => pageTitle(pageContext.site.site, 'Undo the email change');
