import { renderToStaticMarkup } from 'react-dom/server';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { AvailabilityCalendar } from '../components/AvailabilityCalendar';
import { PriceBlock } from '../components/PriceBlock';
import { RatingSummary, ReviewsBlock } from '../components/reviews/ReviewsBlock';
import type { ProfileData } from './profile-data';
import type { ProfileHtml } from './profile-html';
import type { ProfileReviews } from './reviews';

/**
 * Parts of a profile rendered to HTML on the server, which the page places as they are (lib/profile-html.ts says why).
 * React escapes every text as it renders it. They are drawn again with each render of the page's data, so what they
 * show of the address (the calendar's chosen day) is the page's own: its day links load a whole page.
 */
function inPage(pageContext: PageContext, element: React.ReactNode): string {
  return renderToStaticMarkup(<VikeReactProviderPageContext pageContext={pageContext}>{element}</VikeReactProviderPageContext>);
}

/** The profile's data with its price and availability as HTML; the price's words then need not travel twice. */
export function withProfileHtml<T extends ProfileData>(pageContext: PageContext, profile: T): Omit<T, 'price'> & ProfileHtml {
  const { price, ...rest } = profile;
  const day = pageContext.urlParsed.search.date ?? '';
  const chosen = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
  return {
    ...rest,
    priceHtml: price ? inPage(pageContext, <PriceBlock price={price} />) : null,
    availabilityHtml: profile.availability ? inPage(pageContext, <AvailabilityCalendar availability={profile.availability} chosen={chosen} />) : null,
  };
}

/** A profile's first page of reviews and its rating summary. */
export function reviewsHtml(pageContext: PageContext, title: string, reviews: ProfileReviews) {
  return {
    summaryHtml: inPage(pageContext, <RatingSummary average={reviews.summary.average} count={reviews.summary.count} />),
    blockHtml: inPage(pageContext, <ReviewsBlock title={title} reviews={reviews} />),
  };
}
