import { useData } from 'vike-react/useData';
import { ListingEditor } from '../../../../components/cp/ListingEditor';
import type { Data } from './+data';

/** A new listing: created as a draft on its first save, then edited at /cp/listings/{postId}. */
export default function Page() {
  const { categories, counties } = useData<Data>();
  return <ListingEditor initial={null} categories={categories} counties={counties} />;
}
