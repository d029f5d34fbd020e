import type { PageContext } from 'vike/types';
import { pageTitle } from '../../../lib/copy';

export default (pageContext: PageContext) => pageTitle(pageContext.site.site, pageContext.i18n._('cpreviews.title'));
