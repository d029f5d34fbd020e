import { useData } from 'vike-react/useData';
import { ListingEditor } from '../../../../components/cp/ListingEditor';
import type { Data } from './+data';

/** The listing editor of one of the member's listings. */
export default function Page() {
  const { post, categories, counties } = useData<Data>();
  return <ListingEditor key={post.id} initial={post} categories={categories} counties={counties} />;
}
