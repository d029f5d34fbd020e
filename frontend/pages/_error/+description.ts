import type { PageContext } from 'vike/types';
import { DESCRIPTIONS } from '../../lib/descriptions';

export default (pageContext: PageContext) => DESCRIPTIONS.error(pageContext.site.site, Boolean(pageContext.is404));
