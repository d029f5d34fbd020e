import type { PageContext } from 'vike/types';
import type { Data } from './+data';

/** Open Graph and Twitter card image: the profile's 931x550 photo. */
export default (pageContext: PageContext<Data>) => pageContext.data.post.image;
