import { profilePath } from '@directory/domain';
import { useI18n } from '../lib/i18n';
import { CARD_SIZES } from '../lib/image-sizes';
import type { CardPost, Site } from '../lib/types';
import { Picture } from './Picture';

const SIZE: Record<Site, [number, number]> = { church: [680, 588], cliste: [680, 588], multi: [680, 382] };

/** `eager`: in view at once (no lazy loading); `first`: the likely largest picture of the page, fetched first. */
export function Card({ post, site, eager, first }: { post: CardPost; site: Site; eager?: boolean; first?: boolean }) {
  const { t, href } = useI18n();
  const [w, h] = SIZE[site];
  return (
    <li className="card">
      <a href={href(profilePath(site, post))}>
        <span className="card-media">
          <Picture
            src={post.image}
            srcset={post.imageSrcset}
            sizes={CARD_SIZES}
            width={w}
            height={h}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            decoding="async"
          />
          {post.hasVideo && (
            <span className="play-overlay" role="img" aria-label={t('cards.video')}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M8 5v14l11-7z" />
              </svg>
            </span>
          )}
        </span>
        <span className="card-title">{post.title}</span>
        <span className="card-meta">
          {post.area}, {post.countyName}
        </span>
        {post.priceFrom && <span className="card-price">{post.priceFrom}</span>}
        {post.rating && <span {...post.rating} />}
      </a>
    </li>
  );
}

/** Placeholders shown while cards load: 8 during navigation (CSS shows them then), a few while loading more. */
export function SkeletonCards({ site, count = 8, loading }: { site: Site; count?: number; loading?: boolean }) {
  return (
    <ul className={`cards skeletons${site === 'multi' ? ' skeletons-multi' : ''}${loading ? ' is-loading' : ''}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="card skeleton">
          <span className="card-media" />
          <span className="skeleton-line" />
          <span className="skeleton-line short" />
        </li>
      ))}
    </ul>
  );
}
