import type { MyPostDto } from '@directory/domain';
import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { SubscriptionSummary } from '../../../components/billing/SubscriptionSummary';
import { CHECKLIST_KEY, Checklist, checklistDone, checklistState, ChecklistState } from '../../../components/cp/Checklist';
import { MyListing } from '../../../components/cp/MyListing';
import { useCpApi } from '../../../components/cp/useCpApi';
import { FormMessage } from '../../../components/Field';
import { FIRST_VISIT_KEY } from '../../../lib/session';

/**
 * The control panel's first page. The first visit after sign-up (spec section 5: flagged by the code step) starts the
 * checklist, shown on every visit until its four steps are done (ticked on the last one); a lister without listings
 * sees it too. Later, each listing with its
 * status, preview or profile link and this month's figures.
 */
export default function Page() {
  const { user } = usePageContext();
  const api = useCpApi();
  const [firstVisit, setFirstVisit] = useState(false);
  const [email, setEmail] = useState<string>();
  const [posts, setPosts] = useState<MyPostDto[] | null>(null);
  const [checklist, setChecklist] = useState<ChecklistState | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const flagged = sessionStorage.getItem(FIRST_VISIT_KEY) === '1';
    setFirstVisit(flagged);
    sessionStorage.removeItem(FIRST_VISIT_KEY);
    // The checklist stays, on later visits too, until its steps are done.
    if (flagged) localStorage.setItem(CHECKLIST_KEY, '1');
    const keepChecklist = localStorage.getItem(CHECKLIST_KEY) === '1';
    void api.me().then((a) => a.ok && setEmail(a.body.email));
    void api.myPosts().then(async (a) => {
      if (!a.ok) return setFailed(true);
      setPosts(a.body);
      // Videos and audios beyond the featured ones count for the checklist too.
      const first = a.body[0];
      let media = 0;
      if (first) {
        const [videos, audios] = await Promise.all([api.videos(first.id), api.audios(first.id)]);
        media = (videos.ok ? videos.body.length : 0) + (audios.ok ? audios.body.length : 0);
      }
      const state = checklistState(a.body, media);
      const done = checklistDone(state);
      if (done) localStorage.removeItem(CHECKLIST_KEY);
      setChecklist(keepChecklist || a.body.length === 0 ? state : null);
    });
  }, [api]);

  return (
    <section>
      <h1>
        Welcome{firstVisit ? '' : ' back'}, {user?.firstName}
      </h1>
      {firstVisit && <p>Your account is ready. Next, build your profile so visitors can find you.</p>}
      <p data-testid="account-email">{email ? `Signed in as ${email}` : ' '}</p>
      <FormMessage text={failed ? 'Your listings could not be loaded. Please reload the page.' : undefined} />
      {checklist && <Checklist state={checklist} editHref={posts?.[0] ? `/cp/listings/${posts[0].id}` : '/cp/listings/new'} />}
      {posts === null && !failed && <p className="muted">Loading your listings…</p>}
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
      <SubscriptionSummary />
    </section>
  );
}
