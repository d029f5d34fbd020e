import { type MyReviewDto, REVIEW_LIMITS, REVIEW_REPORT_REASONS, type ReviewReportReason, type ReviewSubRatingKey } from '@directory/domain';
import { type FormEvent, useState } from 'react';
import { articleDate } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import type { MessageId } from '../../locales/en';
import { FormMessage } from '../Field';
import { Stars } from '../reviews/ReviewsBlock';
import { SUB_NAMES } from '../reviews/sub-names';

const DAY_MS = 86_400_000;

export const REASON_NAMES: Record<ReviewReportReason, MessageId> = {
  not_a_client: 'cpreviews.reasonNotAClient',
  personal_data: 'cpreviews.reasonPersonalData',
  abuse: 'cpreviews.reasonAbuse',
};

export interface ReviewActions {
  reply: (review: MyReviewDto, text: string) => Promise<string | null>;
  deleteReply: (review: MyReviewDto) => Promise<string | null>;
  moreTime: (review: MyReviewDto) => Promise<string | null>;
  report: (review: MyReviewDto, reason: ReviewReportReason, note: string) => Promise<string | null>;
}

/**
 * One review of the lister's: its state (held with its release date and the days left, published, removed), the
 * review, and what the lister may do: reply or change the reply, ask for more time on a held one, report it.
 * Each action answers null or the message to show.
 */
export function CpReviewItem({ review: r, actions }: { review: MyReviewDto; actions: ReviewActions }) {
  const { t, lang } = useI18n();
  const [editing, setEditing] = useState(false);
  const [reply, setReply] = useState(r.reply?.text ?? '');
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState<ReviewReportReason | ''>('');
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<string | null>, after?: () => void) => {
    setBusy(true);
    setMessage(undefined);
    const problem = await work();
    setBusy(false);
    if (problem) setMessage(problem);
    else after?.();
  };
  const sendReply = (e: FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) return setMessage(t('cpreviews.replyNeeded'));
    void act(() => actions.reply(r, reply.trim()), () => setEditing(false));
  };
  const sendReport = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setMessage(t('cpreviews.reasonNeeded'));
    void act(() => actions.report(r, reason, note.trim()), () => setReporting(false));
  };
  const daysLeft = r.held_until ? Math.max(0, Math.ceil((new Date(r.held_until).getTime() - Date.now()) / DAY_MS)) : 0;
  const subs = Object.entries(r.ratings) as [ReviewSubRatingKey, number][];
  return (
    <li className={`cp-review is-${r.status}`} data-testid="cp-review">
      <p className="review-head">
        <span className={`status-badge${r.status === 'published' ? ' is-publish' : ''}`}>{t(`cpreviews.status${r.status === 'held' ? 'Held' : r.status === 'published' ? 'Published' : 'Removed'}`)}</span>
        <Stars rating={r.rating} />
        <strong>{t('reviews.rating', { rating: r.rating })}</strong>
        <span>{t('reviews.by', { name: r.first_name, county: r.county })}</span>
        <span className="muted">{t('cpreviews.about', { title: r.post_title })}</span>
        <time dateTime={r.created_at}>{articleDate(r.created_at, lang)}</time>
      </p>
      {r.status === 'held' && r.held_until && (
        <p className="form-message form-error" data-testid="held-until">
          {t('cpreviews.heldUntil', { date: articleDate(r.held_until, lang), count: daysLeft })}
        </p>
      )}
      {r.status === 'removed' && r.removal_reason && <p className="muted">{t('cpreviews.removed', { reason: t(REASON_NAMES[r.removal_reason]) })}</p>}
      {r.report && <p className="muted">{t('cpreviews.reported', { reason: t(REASON_NAMES[r.report.reason]), date: articleDate(r.report.reported_at, lang) })}</p>}
      {subs.length > 0 && <p className="review-subs">{subs.map(([key, value]) => t('reviews.subRating', { name: t(SUB_NAMES[key]), rating: value })).join(' · ')}</p>}
      <p className="enquiry-text">{r.text}</p>
      {r.reply && !editing && (
        <div className="review-reply">
          <p>
            <strong>{t('cpreviews.yourReply')}</strong>
          </p>
          <p>{r.reply.text}</p>
        </div>
      )}
      {editing && (
        <form method="post" onSubmit={sendReply} className="cp-review-form">
          <div className="field">
            <label htmlFor={`reply-${r.id}`}>{t('cpreviews.replyLabel')}</label>
            <textarea id={`reply-${r.id}`} rows={4} maxLength={REVIEW_LIMITS.replyMax} value={reply} onChange={(e) => setReply(e.target.value)} />
          </div>
          <p className="cp-actions">
            <button className="button button-small" type="submit" disabled={busy}>
              {t('cpreviews.saveReply')}
            </button>
            <button className="button button-small button-secondary" type="button" onClick={() => setEditing(false)}>
              {t('cpreviews.cancel')}
            </button>
          </p>
        </form>
      )}
      {reporting && (
        <form method="post" onSubmit={sendReport} className="cp-review-form">
          <fieldset className="choice">
            <legend>{t('cpreviews.reportWhy')}</legend>
            {REVIEW_REPORT_REASONS.map((why) => (
              <label key={why}>
                <input type="radio" name={`reason-${r.id}`} value={why} checked={reason === why} onChange={() => setReason(why)} /> {t(REASON_NAMES[why])}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`note-${r.id}`}>{t('cpreviews.reportNote')}</label>
            <textarea id={`note-${r.id}`} rows={3} maxLength={REVIEW_LIMITS.reportNoteMax} value={note} onChange={(e) => setNote(e.target.value)} />
          </div>
          <p className="cp-actions">
            <button className="button button-small button-danger" type="submit" disabled={busy}>
              {t('cpreviews.sendReport')}
            </button>
            <button className="button button-small button-secondary" type="button" onClick={() => setReporting(false)}>
              {t('cpreviews.cancel')}
            </button>
          </p>
        </form>
      )}
      <FormMessage text={message} />
      {!editing && !reporting && r.status !== 'removed' && (
        <p className="cp-actions">
          <button type="button" className="button button-small" onClick={() => setEditing(true)}>
            {t(r.reply ? 'cpreviews.editReply' : 'cpreviews.writeReply')}
          </button>
          {r.reply && (
            <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => void act(() => actions.deleteReply(r))}>
              {t('cpreviews.deleteReply')}
            </button>
          )}
          {r.status === 'held' && !r.more_time_asked && (
            <button type="button" className="button button-small button-secondary" disabled={busy} onClick={() => void act(() => actions.moreTime(r))}>
              {t('cpreviews.moreTime')}
            </button>
          )}
          {!r.report && (
            <button type="button" className="button button-small button-secondary" onClick={() => setReporting(true)}>
              {t('cpreviews.report')}
            </button>
          )}
        </p>
      )}
    </li>
  );
}
