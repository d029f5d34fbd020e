import type { PageContext } from 'vike/types';
import { DESCRIPTIONS } from '../../lib/descriptions';
import type { Data } from './+data';

export default (pageContext: PageContext<Data>) => DESCRIPTIONS.pricing(pageContext.site.site, pageContext.data);
