import { type InboxEnquiryDto, readableDay } from '@directory/domain';
import { useI18n } from '../../lib/i18n';

const when = (iso: string) => new Date(iso).toLocaleString('en-IE', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The message's first words, for the closed row: enough to tell enquiries apart without opening each. */
const firstWords = (text: string, words = 12) => {
  const all = text.trim().split(/\s+/);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
};

/** The reply: the visitor's address, with the listing's title in the subject. */
const replyHref = (e: InboxEnquiryDto) => `mailto:${e.email}?subject=${encodeURIComponent(`Re: your enquiry about ${e.post_title}`)}`;

/** One enquiry: its summary opens to the full text (and marks it read); reply by email, mark unread, delete. */
export function EnquiryItem({
  enquiry: e,
  onOpen,
  onMarkUnread,
  onDelete,
  onBooked,
}: {
  enquiry: InboxEnquiryDto;
  onOpen: () => void;
  onMarkUnread: () => void;
  onDelete: () => void;
  /** Marks it booked (or not): the visitor's review form then asks whether they booked. */
  onBooked: (booked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <li className={e.read ? undefined : 'is-unread'} data-testid="enquiry">
      <details onToggle={(ev) => (ev.currentTarget as HTMLDetailsElement).open && onOpen()}>
        <summary>
          {!e.read && <span className="unread-dot">Unread</span>}
          <span>{e.name}</span>
          {e.booked && (
            <span className="status-badge is-publish" data-testid="booked-mark">
              {t('cpreviews.booked')}
            </span>
          )}
          <span className="muted">about {e.post_title}</span>
          <time dateTime={e.created_at}>{when(e.created_at)}</time>
          <span className="enquiry-start">{firstWords(e.message)}</span>
        </summary>
        <dl className="figures">
          <div>
            <dt>Email</dt>
            <dd>{e.email}</dd>
          </div>
          {e.phone && (
            <div>
              <dt>Phone</dt>
              <dd>{e.phone}</dd>
            </div>
          )}
          {e.event_date && (
            <div>
              <dt>Event date</dt>
              <dd>
                <time dateTime={e.event_date}>{readableDay(e.event_date)}</time>
              </dd>
            </div>
          )}
          {e.venue && (
            <div>
              <dt>Venue</dt>
              <dd>{e.venue}</dd>
            </div>
          )}
        </dl>
        <p className="enquiry-text">{e.message}</p>
        <p className="cp-actions">
          <a className="button button-small" href={replyHref(e)}>
            Reply by email
          </a>
          <button type="button" className="button button-small button-secondary" aria-pressed={e.booked} onClick={() => onBooked(!e.booked)}>
            {t('cpreviews.markBooked')}
          </button>
          {e.read && (
            <button type="button" className="button button-small button-secondary" onClick={onMarkUnread}>
              Mark unread
            </button>
          )}
          <button type="button" className="button button-small button-danger" onClick={onDelete}>
            Delete
          </button>
        </p>
      </details>
    </li>
  );
}
