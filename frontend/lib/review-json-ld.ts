import { REVIEW_RULES } from '@directory/domain';
import type { ProfileData } from './profile-data';
import type { ProfileReviews } from './reviews';

/**
 * schema.org's LocalBusiness type the profile's lister is described as. Google shows review snippets for
 * LocalBusiness and its subtypes (https://developers.google.com/search/docs/appearance/structured-data/review-snippet);
 * musicians and school tour and workshop providers are businesses that entertain, and schema.org has no narrower
 * LocalBusiness subtype for either (EducationalOrganization and MusicGroup are not LocalBusinesses).
 */
const BUSINESS_TYPE = 'EntertainmentBusiness';

/**
 * The lister as a local business with its aggregate rating and the reviews visible on the page, no others (the
 * snippet rules: the markup describes what a visitor sees). Reviews are by people, named as the page names them.
 */
export function reviewedBusiness(post: ProfileData['post'], url: string, { summary, reviews }: ProfileReviews) {
  const scale = { bestRating: REVIEW_RULES.ratingMax, worstRating: REVIEW_RULES.ratingMin };
  return {
    '@context': 'https://schema.org',
    '@type': BUSINESS_TYPE,
    '@id': url,
    name: post.title,
    url,
    image: post.image,
    address: { '@type': 'PostalAddress', addressLocality: post.area, addressRegion: `Co. ${post.countyName}`, addressCountry: 'IE' },
    aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, ...scale },
    review: reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.first_name },
      datePublished: r.published_at.slice(0, 10),
      reviewBody: r.text,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, ...scale },
    })),
  };
}
