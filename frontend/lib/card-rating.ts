import type { Translate } from './i18n';
import type { CardPost, Post } from './types';

/**
 * A card's stars and rating, made where the card is made (the listing's +data on the server, the load-more chunk in
 * the browser) as the element's props, so the card's own code, which every listing page loads first, only places them
 * (the page JavaScript budget): the stars' class (the average to the nearest half star; styles/global.css draws them)
 * and the text, "4.6 (12 reviews)". None without reviews.
 */
export function cardRating({ reviews: { average, count } }: Pick<Post, 'reviews'>, t: Translate): CardPost['rating'] {
  if (!count || average === null) return null;
  return { className: `card-rating stars s${Math.round(average * 2) * 5}`, children: t('cards.rating', { average: average.toFixed(1), count }) };
}
