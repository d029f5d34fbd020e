import type { PageContext } from 'vike/types';
import { firstWords } from '../../lib/profile';
import type { Data } from './+data';

export default (pageContext: PageContext<Data>) => firstWords(pageContext.data.post.content, 30);
