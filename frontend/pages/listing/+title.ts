import type { PageContext } from 'vike/types';
import type { Data } from './+data';

/** Made by +data in the page's language. */
export default (pageContext: PageContext<Data>) => pageContext.data.title;
