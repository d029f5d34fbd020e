import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../../lib/i18n';
import { nextReviews, type ReviewView } from '../../lib/reviews';
import { ReviewItem } from './ReviewsBlock';

/**
 * The profile's later reviews, loaded when a visitor first presses "More reviews" (this chunk comes with that press):
 * the next page at once, then a page per press, newest first after the `shown` ones the server rendered.
 */
export default function MoreReviews({ postId, title, shown, total: first }: { postId: number; title: string; shown: number; total: number }) {
  const { site, lang } = usePageContext();
  const { t } = useI18n();
  const [list, setList] = useState<ReviewView[]>([]);
  const [total, setTotal] = useState(first);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const more = async () => {
    setState('loading');
    try {
      const next = await nextReviews(site.apiOrigin, postId, shown + list.length, lang);
      setList((had) => [...had, ...next.reviews.filter((r) => !had.some((h) => h.id === r.id))]);
      setTotal(next.total);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  useEffect(() => {
    void more();
    // Once, on the press that mounted it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <ol className="review-list">
        {list.map((r) => (
          <ReviewItem key={r.id} review={r} title={title} />
        ))}
      </ol>
      {shown + list.length < total && (
        <button type="button" className="button button-secondary" disabled={state === 'loading'} onClick={() => void more()}>
          {t('reviews.more')}
        </button>
      )}
      {state === 'failed' && <p role="alert">{t('reviews.moreFailed')}</p>}
    </>
  );
}
