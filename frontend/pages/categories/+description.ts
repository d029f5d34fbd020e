import type { PageContext } from 'vike/types';
import { DESCRIPTIONS } from '../../lib/descriptions';

export default (pageContext: PageContext) => DESCRIPTIONS.categories(pageContext.site.site);
