/**
 * `sizes` for the site's pictures: how wide each is shown, from styles/global.css, so the browser picks the smallest
 * file of the API's `srcset` that fills it. `main` is at most 1200 px wide with 1 rem (16 px) padding each side.
 */

/**
 * A card in `.cards` (listings and /articles): columns of at least 240 px with 16 px gaps, so one column below 528 px,
 * two from 528, three from 784, four from 1040 px, and 280 px each once `main` stops growing at 1200 px.
 */
export const CARD_SIZES = '(min-width: 1200px) 280px, (min-width: 1040px) calc((100vw - 80px) / 4), (min-width: 784px) calc((100vw - 64px) / 3), (min-width: 528px) calc((100vw - 48px) / 2), calc(100vw - 32px)';

/** The profile's picture (or video thumbnail): the whole width, then 3/5 of it beside the text (24 px gap) from 900 px. */
export const PROFILE_SIZES = '(min-width: 1200px) 687px, (min-width: 900px) calc((100vw - 56px) * 0.6), calc(100vw - 32px)';

/** An article's cover on its page (`.page-narrow`, at most 640 px). */
export const ARTICLE_SIZES = '(min-width: 672px) 640px, calc(100vw - 32px)';
