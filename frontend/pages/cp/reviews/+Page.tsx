import { type MyReviewDto, REVIEW_RULES } from '@directory/domain';
import { useCallback, useEffect, useState } from 'react';
import { CpReviewItem, type ReviewActions } from '../../../components/cp/ReviewItem';
import { useCpApi } from '../../../components/cp/useCpApi';
import { FormMessage } from '../../../components/Field';
import type { ApiAnswer } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';

/**
 * The lister's reviews, newest first (20 a page): held ones with their release date and the days left, published and
 * removed ones; reply (and change or remove the reply), ask for more time on a held one, report one to the team.
 */
export default function Page() {
  const api = useCpApi();
  const { t, href } = useI18n();
  const [page, setPage] = useState(0);
  const [items, setItems] = useState<MyReviewDto[] | null>(null);
  const [total, setTotal] = useState(0);
  const [message, setMessage] = useState<string>();

  const load = useCallback(
    async (p: number) => {
      const answer = await api.reviews(p);
      if (!answer.ok) return setMessage(t('cpreviews.loadFailed'));
      setItems(answer.body);
      setTotal(answer.total ?? answer.body.length);
    },
    [api, t],
  );
  useEffect(() => {
    void load(page);
  }, [load, page]);

  // Each change answers the review as it is now (or nothing, for a removed reply: the page is read again).
  const settle = async (answer: ApiAnswer<MyReviewDto | void>): Promise<string | null> => {
    if (!answer.ok) return answer.error.message || t('cpreviews.failed');
    const changed = answer.body as MyReviewDto | undefined;
    if (changed && typeof changed === 'object' && 'id' in changed) setItems((list) => list?.map((r) => (r.id === changed.id ? changed : r)) ?? null);
    else await load(page);
    return null;
  };
  const actions: ReviewActions = {
    reply: async (r, text) => settle(await api.reply(r.id, text)),
    deleteReply: async (r) => settle(await api.deleteReply(r.id)),
    moreTime: async (r) => settle(await api.moreTime(r.id)),
    report: async (r, reason, note) => settle(await api.report(r.id, reason, note)),
  };

  const pages = Math.max(1, Math.ceil(total / REVIEW_RULES.panelPageSize));
  const held = items?.filter((r) => r.status === 'held').length ?? 0;
  return (
    <section>
      <h1>{t('cpreviews.title')}</h1>
      <p>
        {t('cpreviews.intro')} <a href={href('/reviews')}>{t('reviews.howTheyWork')}</a>
      </p>
      <FormMessage text={message} />
      {items === null ? (
        !message && <p className="muted">{t('cpreviews.loading')}</p>
      ) : items.length === 0 ? (
        <p>{t('cpreviews.none')}</p>
      ) : (
        <>
          <p className="muted" data-testid="reviews-count">
            {t('cpreviews.count', { count: total })}
            {held > 0 ? ` ${t('cpreviews.heldCount', { count: held })}` : ''}
          </p>
          <ul className="inbox cp-reviews">
            {items.map((r) => (
              <CpReviewItem key={r.id} review={r} actions={actions} />
            ))}
          </ul>
        </>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t('cpreviews.pages')}>
          <button type="button" className="button button-small button-secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('cpreviews.newer')}
          </button>
          <span>{t('cpreviews.page', { page: page + 1, pages })}</span>
          <button type="button" className="button button-small button-secondary" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            {t('cpreviews.older')}
          </button>
        </nav>
      )}
    </section>
  );
}
