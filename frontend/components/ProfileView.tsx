import { lazy, ReactNode, Suspense, useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { PROFILE_SIZES } from '../lib/image-sizes';
import { listingPath } from '../lib/routes';
import type { ProfileData } from '../lib/profile-data';
import { EnquiryButton } from './EnquiryButton';
import { MediaPlayer } from './MediaPlayer';
import { MobileFooter } from './MobileFooter';
import { Picture } from './Picture';
import { RepertoireBlock } from './RepertoireBlock';
import type { ProfileReviews } from '../lib/reviews';
import type { ProfileHtml } from '../lib/profile-html';
import { useI18n } from '../lib/i18n';

// The form (and the validation and message texts it brings) loads when a visitor first asks for it, not with the
// page: the page JavaScript budget (docs/performance.md) for the JavaScript a listing page loads before any interaction.
// The profile's later reviews: the first page comes as the server's HTML, and the rest with the first press of More.
const MoreReviews = lazy(() => import('./reviews/MoreReviews'));
const EnquiryForm = lazy(() => import('./EnquiryForm').then((m) => ({ default: m.EnquiryForm })));

/** The days the calendar shows booked, whole or in part, for the enquiry form's warning. */
function bookedDays(availability: ProfileData['availability']): string[] {
  if (!availability) return [];
  return availability.months.flatMap(({ first, days }) =>
    days.split('').flatMap((letter, i) => (letter === 'b' || letter === 'm' || letter === 'a' ? [`${first.slice(0, 8)}${String(Number(first.slice(8, 10)) + i).padStart(2, '0')}`] : [])),
  );
}

/** A profile as visitors see it, with its reviews; the draft preview shows the same with a banner and no reviews. */
export function ProfileView({
  post,
  media,
  path,
  enquiryToken,
  availability,
  priceHtml,
  availabilityHtml,
  repertoire,
  banner,
  reviews,
}: Omit<ProfileData, 'price'> & ProfileHtml & { banner?: ReactNode; reviews?: ProfileReviews & { summaryHtml: string; blockHtml: string } }) {
  const { t } = useI18n();
  const [moreReviews, setMoreReviews] = useState(false);
  const { site, urlParsed } = usePageContext();
  // ?date= (a day chosen on the calendar, or searched on a listing) fills the enquiry form's date.
  const chosenDate = /^\d{4}-\d{2}-\d{2}$/.test(urlParsed.search.date ?? '') ? urlParsed.search.date : null;
  const [enquiring, setEnquiring] = useState(false);
  // Mounted from the first open on, so a closed form keeps what was typed.
  const [formWanted, setFormWanted] = useState(false);
  const openEnquiry = () => {
    setFormWanted(true);
    setEnquiring(true);
  };

  // One counted view per profile per visit; draft previews are not views.
  useEffect(() => {
    const key = `viewed:${post.id}`;
    if (post.status !== 'publish' || sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    void fetch(`${site.apiOrigin}/api/posts/${post.id}/views/`, { method: 'POST', keepalive: true }).catch(() => undefined);
  }, [post.id, post.status, site.apiOrigin]);
  const { category } = post;
  const county = { slug: post.countySlug, name: post.countyName };
  return (
    <article className="profile">
      {banner}
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href={listingPath('category', category, null, null)}>{post.categoryName}</a>
          </li>
          <li>
            <a href={listingPath('category', category, null, county)}>{post.countyName}</a>
          </li>
          <li>
            <a href={path} aria-current="page">
              {post.title}
            </a>
          </li>
        </ol>
      </nav>
      <header className="profile-head">
        <h1>{post.title}</h1>
        {reviews?.summary.count ? <div dangerouslySetInnerHTML={{ __html: reviews.summaryHtml }} /> : null}
        <p className="profile-meta">
          <span>{post.categoryName}</span>
          <span>
            {post.area}, Co. {post.countyName}
          </span>
          <span className="price-label">{post.priceLabel}</span>
        </p>
      </header>
      <div className="profile-body">
        <div className="profile-media">
          {media.length === 0 ? (
            <Picture
              className="profile-image"
              src={post.image}
              srcset={post.imageSrcset}
              sizes={PROFILE_SIZES}
              width={931}
              height={550}
              alt={post.title}
              fetchPriority="high"
            />
          ) : (
            media.map((m, i) => <MediaPlayer key={m.id} media={m.id} title={m.title} thumbnail={post.image} thumbnailSrcset={post.imageSrcset} first={i === 0} />)
          )}
        </div>
        <div className="profile-text">
          {post.content
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((para, i) => (
              <p key={i}>{para}</p>
            ))}
          {priceHtml && <div dangerouslySetInnerHTML={{ __html: priceHtml }} />}
          {repertoire && <RepertoireBlock view={repertoire} />}
          <div className="profile-actions">
            <EnquiryButton onOpen={openEnquiry} />
          </div>
          {availabilityHtml && <div dangerouslySetInnerHTML={{ __html: availabilityHtml }} />}
        </div>
      </div>
      {reviews && (
        <div className="reviews-host">
          <div dangerouslySetInnerHTML={{ __html: reviews.blockHtml }} />
          {moreReviews ? (
            <Suspense fallback={null}>
              <MoreReviews postId={post.id} title={post.title} shown={reviews.reviews.length} total={reviews.total} />
            </Suspense>
          ) : (
            reviews.reviews.length < reviews.total && (
              <button type="button" className="button button-secondary" onClick={() => setMoreReviews(true)}>
                {t('reviews.more')}
              </button>
            )
          )}
        </div>
      )}
      <MobileFooter site={site.site} title={post.title} url={`${site.siteOrigin}${path}`} onEnquire={openEnquiry} />
      {formWanted && (
        <Suspense fallback={null}>
          <EnquiryForm postId={post.id} title={post.title} formToken={enquiryToken} open={enquiring} onClose={() => setEnquiring(false)} chosenDate={chosenDate} booked={bookedDays(availability)} />
        </Suspense>
      )}
    </article>
  );
}
