import { MyPostDto, profilePath } from '@directory/domain';
import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../../lib/i18n';
import { StatusBadge } from './StatusBadge';

/** One of the lister's listings on the dashboard: status, where to see it, this month's figures. */
export function MyListing({ post }: { post: MyPostDto }) {
  const { site } = usePageContext();
  const { t } = useI18n();
  const published = post.status === 'publish';
  const { average, count } = post.reviews;
  return (
    <li className="my-listing" data-testid="my-listing">
      <h3>
        {post.title} <StatusBadge status={post.status} />
      </h3>
      <dl className="figures">
        <div>
          <dt>Views this month</dt>
          <dd data-testid="views-this-month">{post.views_this_month}</dd>
        </div>
        <div>
          <dt>Enquiries this month</dt>
          <dd data-testid="enquiries-this-month">{post.enquiries_this_month}</dd>
        </div>
        <div>
          <dt>Unread enquiries</dt>
          <dd data-testid="unread-enquiries">{post.unread_enquiries}</dd>
        </div>
        <div>
          <dt>{t('cpreviews.averageRating')}</dt>
          <dd data-testid="review-average">{average === null ? t('cpreviews.noRating') : average.toFixed(1)}</dd>
        </div>
        <div>
          <dt>{t('cpreviews.reviewCount')}</dt>
          <dd data-testid="review-count">{count}</dd>
        </div>
      </dl>
      <p className="cp-actions">
        <a className="button button-small" href={`/cp/listings/${post.id}`}>
          Edit<span className="visually-hidden"> {post.title}</span>
        </a>
        {published ? (
          <a href={profilePath(site.site, { slug: post.slug, categorySlug: post.category_slug })}>
            View public profile<span className="visually-hidden"> of {post.title}</span>
          </a>
        ) : (
          <a href={`/drafts/${post.id}`}>
            Preview draft<span className="visually-hidden"> of {post.title}</span>
          </a>
        )}
        {post.unread_enquiries > 0 && <a href="/cp/enquiries">Read enquiries</a>}
        {count > 0 && <a href="/cp/reviews">{t('cpreviews.readReviews')}</a>}
      </p>
    </li>
  );
}
