import type { ReviewSubRatingKey } from '@directory/domain';
import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../../lib/i18n';
import type { ProfileReviews, ReviewView } from '../../lib/reviews';
import { SUB_NAMES } from './sub-names';

/** The class a row of stars gets: the rating to the nearest half star, s5 to s50 (styles/global.css draws them). */
export const starsClass = (rating: number) => `stars s${Math.round(rating * 2) * 5}`;

/** An average as the site writes it: one decimal, always ("4.0"). */
export const oneDecimal = (n: number) => n.toFixed(1);

/** A row of stars for sighted readers; the number beside it is the text (the stars say nothing to screen readers). */
export const Stars = ({ rating }: { rating: number }) => <span className={starsClass(rating)} aria-hidden="true" />;

/** Beside the profile's title: the average as text and the count, linking to the reviews; nothing without reviews. */
export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  const { t } = useI18n();
  if (!count || average === null) return null;
  return (
    <a className="rating-summary" href="#reviews">
      <Stars rating={average} />
      {t('reviews.summary', { average: oneDecimal(average), count })}
    </a>
  );
}

/**
 * The profile's reviews as the server renders them, into HTML the page carries (lib/profile-html.server.tsx), so the
 * profile's JavaScript does not carry this code: the figures, the sub-ratings' averages and the first page of reviews,
 * newest first, each with its label and the lister's reply; a profile without reviews says so. Every block links to
 * how reviews work. Later pages come through MoreReviews, loaded on the press.
 */
export function ReviewsBlock({ title, reviews: data }: { title: string; reviews: ProfileReviews }) {
  const { t, href } = useI18n();
  const { summary } = data;
  const subs = Object.entries(summary.sub_averages) as [ReviewSubRatingKey, number][];
  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{t('reviews.heading')}</h2>
      <p className="reviews-how">
        <a href={href('/reviews')}>{t('reviews.howTheyWork')}</a>
      </p>
      {summary.count === 0 || summary.average === null ? (
        <p>{t('reviews.none', { title })}</p>
      ) : (
        <>
          <p className="reviews-average">
            <Stars rating={summary.average} />
            {t('reviews.average', { average: oneDecimal(summary.average), count: summary.count })}
          </p>
          {subs.length > 0 && (
            <dl className="sub-ratings">
              {subs.map(([key, value]) => (
                <div key={key}>
                  <dt>{t(SUB_NAMES[key])}</dt>
                  <dd>
                    <Stars rating={value} />
                    {oneDecimal(value)}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <ol className="review-list">
            {data.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} title={title} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

export function ReviewItem({ review: r, title }: { review: ReviewView; title: string }) {
  const { site } = usePageContext();
  const { t } = useI18n();
  const siteName = site.copy.siteName;
  const subs = Object.entries(r.ratings) as [ReviewSubRatingKey, number][];
  return (
    <li>
      <article className="review">
        <p className="review-head">
          <Stars rating={r.rating} />
          <strong>{t('reviews.rating', { rating: r.rating })}</strong>
          <span>{t('reviews.by', { name: r.first_name, county: r.county })}</span>
          <time dateTime={r.published_at}>{r.date}</time>
        </p>
        <p className={`review-label review-${r.label}`}>{t(r.label === 'booked' ? 'reviews.booked' : 'reviews.enquired', { siteName })}</p>
        {subs.length > 0 && <p className="review-subs">{subs.map(([key, value]) => t('reviews.subRating', { name: t(SUB_NAMES[key]), rating: value })).join(' · ')}</p>}
        {(r.year_group || r.class_size) && <p className="review-subs">{[r.year_group, r.class_size && t('reviews.classSize', { count: r.class_size })].filter(Boolean).join(' · ')}</p>}
        {r.text.split(/\n{2,}/).map((para, i) => (
          <p key={i}>{para}</p>
        ))}
        {r.reply && (
          <div className="review-reply">
            <p>
              <strong>{t('reviews.replyFrom', { title })}</strong> <time dateTime={r.reply.updated_at}>{r.replyDate}</time>
            </p>
            <p>{r.reply.text}</p>
          </div>
        )}
      </article>
    </li>
  );
}
