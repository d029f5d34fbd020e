import type { InboxEnquiryDto } from '@directory/domain';
import { useCallback, useEffect, useState } from 'react';
import { EnquiryItem } from '../../../components/cp/EnquiryItem';
import { useCpApi } from '../../../components/cp/useCpApi';
import { FormMessage } from '../../../components/Field';

/** The API's page size for enquiries (pages from 0). */
const ENQUIRIES_PER_PAGE = 20;

/** The enquiries inbox: newest first, 20 a page (page 0 first), unread ones marked; opening one marks it read. */
export default function Page() {
  const api = useCpApi();
  const [page, setPage] = useState(0);
  const [items, setItems] = useState<InboxEnquiryDto[] | null>(null);
  const [total, setTotal] = useState(0);
  const [message, setMessage] = useState<string>();

  const load = useCallback(
    async (p: number) => {
      const answer = await api.enquiries(p);
      if (!answer.ok) return setMessage('Your enquiries could not be loaded. Please reload the page.');
      setItems(answer.body);
      setTotal(answer.total ?? answer.body.length);
    },
    [api],
  );
  useEffect(() => {
    void load(page);
  }, [load, page]);

  const replace = (id: number, change: Partial<InboxEnquiryDto>) => setItems((list) => list?.map((e) => (e.id === id ? { ...e, ...change } : e)) ?? null);

  // Marked at once and put back if the API refuses.
  const setRead = async (enquiry: InboxEnquiryDto, read: boolean) => {
    setMessage(undefined);
    replace(enquiry.id, { read });
    const answer = await api.markEnquiry(enquiry.id, read);
    if (!answer.ok) {
      replace(enquiry.id, { read: enquiry.read });
      setMessage('That enquiry could not be updated. Please try again.');
    }
  };

  // Marked at once and put back if the API refuses, like read.
  const setBooked = async (enquiry: InboxEnquiryDto, booked: boolean) => {
    setMessage(undefined);
    replace(enquiry.id, { booked });
    const answer = await api.markBooked(enquiry.id, booked);
    if (!answer.ok) {
      replace(enquiry.id, { booked: enquiry.booked });
      setMessage('That enquiry could not be updated. Please try again.');
    }
  };

  const remove = async (enquiry: InboxEnquiryDto) => {
    if (!window.confirm(`Delete the enquiry from ${enquiry.name}?`)) return;
    setMessage(undefined);
    const before = items;
    setItems((list) => list?.filter((e) => e.id !== enquiry.id) ?? null);
    const answer = await api.deleteEnquiry(enquiry.id);
    if (!answer.ok) {
      setItems(before);
      return setMessage('That enquiry could not be deleted. Please try again.');
    }
    // The next page's first enquiry moves up, and an emptied last page goes back one.
    const last = Math.max(0, Math.ceil((total - 1) / ENQUIRIES_PER_PAGE) - 1);
    if (page > last) setPage(last);
    else void load(page);
  };

  const pages = Math.max(1, Math.ceil(total / ENQUIRIES_PER_PAGE));
  const unread = items?.filter((e) => !e.read).length ?? 0;
  return (
    <section>
      <h1>Enquiries</h1>
      <FormMessage text={message} />
      {items === null ? (
        !message && <p className="muted">Loading your enquiries…</p>
      ) : items.length === 0 ? (
        <p>No enquiries yet. They arrive here, and by email, when visitors use 'Send Enquiry' on your profile.</p>
      ) : (
        <>
          <p className="muted" data-testid="inbox-count">
            {total === 1 ? '1 enquiry' : `${total} enquiries`}
            {unread > 0 ? `, ${unread} unread on this page` : ''}
          </p>
          <ul className="inbox">
            {items.map((e) => (
              <EnquiryItem key={e.id} enquiry={e} onOpen={() => !e.read && void setRead(e, true)} onMarkUnread={() => void setRead(e, false)} onDelete={() => void remove(e)} onBooked={(booked) => void setBooked(e, booked)} />
            ))}
          </ul>
        </>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label="Enquiry pages">
          <button type="button" className="button button-small button-secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" className="button button-small button-secondary" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
