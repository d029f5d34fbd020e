import type { PageContext } from 'vike/types';
import { DESCRIPTIONS } from '../../lib/descriptions';

export default (pageContext: PageContext) => DESCRIPTIONS.privacy(pageContext.site.site);
