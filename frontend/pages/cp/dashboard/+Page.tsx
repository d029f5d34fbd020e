import { useEffect, useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { SubscriptionSummary } from '../../../components/billing/SubscriptionSummary';
import { CHECKLIST_KEY, Checklist, checklistDone, checklistState } from '../../../components/cp/Checklist';
import { MyListing } from '../../../components/cp/MyListing';
import { FormMessage } from '../../../components/Field';
import type { Data } from './+data';

/**
 * The control panel's first page. The first visit after sign-up (flagged by the address the code step leads to) starts the
 * checklist, shown on every visit until its four steps are done (ticked on the last one); a lister without listings
 * sees it too. Later, each listing with its status, preview or profile link and this month's figures. The data comes
 * with the page (+data.ts); only the checklist's flag lives in the browser's storage.
 */
export default function Page() {
  const { user } = usePageContext();
  const { firstVisit, email, subscription, posts, mediaCount } = useData<Data>();
  const failed = posts === null;
  // A lister without listings sees the checklist from the server; one who started it keeps it (local storage).
  const [keepChecklist, setKeepChecklist] = useState(false);
  const checklist = posts ? checklistState(posts, mediaCount) : null;

  useEffect(() => {
    // The checklist stays, on later visits too, until its steps are done.
    if (firstVisit) localStorage.setItem(CHECKLIST_KEY, '1');
    // Shown once more with every step ticked, then no longer.
    setKeepChecklist(localStorage.getItem(CHECKLIST_KEY) === '1');
    if (posts && checklistDone(checklistState(posts, mediaCount))) localStorage.removeItem(CHECKLIST_KEY);
  }, [firstVisit, posts, mediaCount]);

  return (
    <section>
      <h1>
        Welcome{firstVisit ? '' : ' back'}, {user?.firstName}
      </h1>
      {firstVisit && <p>Your account is ready. Next, build your profile so visitors can find you.</p>}
      <p data-testid="account-email">{email ? `Signed in as ${email}` : ' '}</p>
      <FormMessage text={failed ? 'Your listings could not be loaded. Please reload the page.' : undefined} />
      {checklist && (keepChecklist || posts?.length === 0) && <Checklist state={checklist} editHref={posts?.[0] ? `/cp/listings/${posts[0].id}` : '/cp/listings/new'} />}
      {posts && posts.length > 0 && (
        <section aria-labelledby="listings-title">
          <h2 id="listings-title">Your listings</h2>
          <ul className="my-listings">
            {posts.map((p) => (
              <MyListing key={p.id} post={p} />
            ))}
          </ul>
        </section>
      )}
      {posts && posts.length === 0 && (
        <p>
          <a className="button" href="/cp/listings/new">
            Create your listing
          </a>
        </p>
      )}
      <SubscriptionSummary initial={subscription} />
    </section>
  );
}
