import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n';
import type { CardPost, PriceType, PublicSiteConfig } from '../lib/types';
import { Card, SkeletonCards } from './Card';
import { Spinner } from './Icon';

/** Cards rendered first (by the server), and added each time more are asked for. */
export const FIRST_PAGE = 20;
export const MORE_STEP = 10;

interface Props {
  initial: CardPost[];
  total: number;
  filters: { catSlug: string; tagSlug: string; price: PriceType | null; date?: string | null; slot?: string | null };
  site: PublicSiteConfig;
}

/** The first 20 cards come rendered from the server; 10 more are fetched each time more are asked for. */
export function CardList({ initial, total, filters, site }: Props) {
  const { t, lang, i18n } = useI18n();
  const [cards, setCards] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const more = cards.length < total;

  const loadMore = useCallback(async () => {
    if (busy.current || cards.length >= total) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    try {
      // Loaded with the first request for more, not with the page (the page JavaScript budget, docs/performance.md).
      const { moreCards } = await import('../lib/more-cards');
      const next = await moreCards(site, lang, filters, cards.length, MORE_STEP, i18n);
      setCards((prev) => [...prev, ...next]);
    } catch {
      setFailed(true);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [cards.length, total, filters.catSlug, filters.tagSlug, filters.price, site, lang]);

  // Scrolling near the end asks for more, as the button does for keyboard users.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || failed || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: '400px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [more, failed, loadMore]);

  return (
    <>
      <SkeletonCards site={site.site} />
      <ul className="cards profile-cards" aria-label={t('listing.profiles')}>
        {cards.map((post, i) => (
          <Card key={post.id} post={post} site={site.site} eager={i < 2} first={i === 0} />
        ))}
      </ul>
      {loading && <SkeletonCards site={site.site} count={4} loading />}
      <p className="visually-hidden" aria-live="polite">
        {t('listing.showing', { shown: cards.length, total })}
      </p>
      <div ref={sentinel} className="load-more">
        {failed && <p role="alert">{t('listing.loadFailed')}</p>}
        {more && (
          <button type="button" className="button button-secondary" onClick={loadMore} disabled={loading}>
            {loading ? <Spinner /> : null}
            {t('listing.loadMore')}
          </button>
        )}
      </div>
    </>
  );
}
