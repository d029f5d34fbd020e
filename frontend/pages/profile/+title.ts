import type { PageContext } from 'vike/types';
import { pageTitle } from '../../lib/copy';
import type { Data } from './+data';

export default (pageContext: PageContext<Data>) => {
  const { post } = pageContext.data;
  return pageTitle(pageContext.site.site, `${post.title}, ${post.categoryName} in ${post.countyName}`);
};
