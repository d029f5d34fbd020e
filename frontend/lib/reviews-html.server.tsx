import { renderToStaticMarkup } from 'react-dom/server';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { RatingSummary, ReviewsBlock } from '../components/reviews/ReviewsBlock';
import type { ProfileReviews } from './reviews';

/**
 * A profile's reviews rendered to HTML on the server, which the page places as it is: the reviews are read, not used,
 * so the profile's first JavaScript carries none of their code (the page JavaScript budget, docs/performance.md).
 * React escapes every text of a review as it renders it.
 */
export function reviewsHtml(pageContext: PageContext, title: string, reviews: ProfileReviews) {
  const inPage = (element: React.ReactNode) => renderToStaticMarkup(<VikeReactProviderPageContext pageContext={pageContext}>{element}</VikeReactProviderPageContext>);
  return {
    summaryHtml: inPage(<RatingSummary average={reviews.summary.average} count={reviews.summary.count} />),
    blockHtml: inPage(<ReviewsBlock title={title} reviews={reviews} />),
  };
}
