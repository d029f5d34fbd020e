import { MyPostDto, profilePath } from '@directory/domain';
import { usePageContext } from 'vike-react/usePageContext';
import { StatusBadge } from './StatusBadge';

/** One of the lister's listings on the dashboard: status, where to see it, this month's figures. */
export function MyListing({ post }: { post: MyPostDto }) {
  const { site } = usePageContext();
  const published = post.status === 'publish';
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
      </p>
    </li>
  );
}
