import { useData } from 'vike-react/useData';
import { HowReviewsWork } from '../../components/reviews/HowReviewsWork';
import { ReviewForm } from '../../components/reviews/ReviewForm';
import type { Data } from './+data';

export default function Page() {
  const form = useData<Data>();
  return form ? <ReviewForm {...form} /> : <HowReviewsWork />;
}
