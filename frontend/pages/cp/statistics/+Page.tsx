import type { MemberStatsDto, StatMonthDto } from '@directory/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCpApi } from '../../../components/cp/useCpApi';
import { FormMessage } from '../../../components/Field';
import { monthLabel } from '../../../lib/cp-format';

/** The chart library is loaded here only, in its own chunk. */
const StatsChart = lazy(() => import('../../../components/cp/StatsChart'));

const sum = (months: StatMonthDto[], key: 'views' | 'enquiries') => months.reduce((n, m) => n + m[key], 0);

/** Views and enquiries per month over the last 12 months, in all or for one listing, and per listing. */
export default function Page() {
  const api = useCpApi();
  const [stats, setStats] = useState<MemberStatsDto | null>(null);
  const [postId, setPostId] = useState('');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void api.stats().then((a) => (a.ok ? setStats(a.body) : setFailed(true)));
  }, [api]);

  const shown = stats && (postId ? stats.posts.find((p) => String(p.post_id) === postId)?.months : stats.months);
  return (
    <section>
      <h1>Statistics</h1>
      <FormMessage text={failed ? 'Your statistics could not be loaded. Please reload the page.' : undefined} />
      {!stats && !failed && <p className="muted">Loading your statistics…</p>}
      {stats && shown && (
        <>
          {stats.posts.length > 1 && (
            <div className="field">
              <label htmlFor="stats-post">Listing</label>
              <select id="stats-post" value={postId} onChange={(e) => setPostId(e.target.value)}>
                <option value="">All your listings</option>
                {stats.posts.map((p) => (
                  <option key={p.post_id} value={String(p.post_id)}>
                    {p.title}
                  </option>
                ))}
              </select>
            </div>
          )}
          <section className="cp-section" aria-labelledby="months-title">
            <h2 id="months-title">Views and enquiries per month</h2>
            <Suspense fallback={<p className="muted">Loading the chart…</p>}>
              <StatsChart months={shown} />
            </Suspense>
            <div className="table-wrap">
              <table className="stats-table" data-testid="months-table">
                <caption className="visually-hidden">Views and enquiries per month</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Views</th>
                    <th scope="col">Enquiries</th>
                  </tr>
                </thead>
                <tbody>
                  {[...shown].reverse().map((m) => (
                    <tr key={m.month}>
                      <th scope="row">{monthLabel(m.month)}</th>
                      <td>{m.views}</td>
                      <td>{m.enquiries}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section className="cp-section" aria-labelledby="per-listing-title">
            <h2 id="per-listing-title">Per listing</h2>
            {stats.posts.length === 0 ? (
              <p>No listings yet.</p>
            ) : (
              <ul className="my-listings" data-testid="per-listing">
                {stats.posts.map((p) => {
                  const now = p.months[p.months.length - 1];
                  return (
                    <li key={p.post_id} className="my-listing">
                      <h3>{p.title}</h3>
                      <dl className="figures">
                        <div>
                          <dt>Views this month</dt>
                          <dd>{now?.views ?? 0}</dd>
                        </div>
                        <div>
                          <dt>Enquiries this month</dt>
                          <dd>{now?.enquiries ?? 0}</dd>
                        </div>
                        <div>
                          <dt>Views in 12 months</dt>
                          <dd>{sum(p.months, 'views')}</dd>
                        </div>
                        <div>
                          <dt>Enquiries in 12 months</dt>
                          <dd>{sum(p.months, 'enquiries')}</dd>
                        </div>
                      </dl>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
