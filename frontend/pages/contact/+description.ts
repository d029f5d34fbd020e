import type { PageContext } from 'vike/types';
import { DESCRIPTIONS } from '../../lib/descriptions';

export default (pageContext: PageContext) => DESCRIPTIONS.contact(pageContext.site.site);
