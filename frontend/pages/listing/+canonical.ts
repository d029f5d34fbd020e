import type { PageContext } from 'vike/types';
import type { Data } from './+data';

/** Category-in-county pages reached through /counties/... name their /categories/... twin. */
export default (pageContext: PageContext<Data>) => pageContext.data.view.canonicalPath ?? pageContext.data.view.path;
