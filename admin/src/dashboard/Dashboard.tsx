import type { AdminReviewCounts } from '@directory/domain';
import { Card, CardContent } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Title } from 'react-admin';
import { getConfig } from '../config';
import { authFetch } from '../providers/session';
import type { Bar } from './BarChart';

/** chart.js comes with the charts, in their own chunk: the login and the lists do not load it. */
const BarChart = lazy(() => import('./BarChart'));

interface MonthStats {
  month: string;
  profile_views: number;
  enquiries: number;
  sign_ups: number;
}
interface TopListing {
  id: number;
  title: string;
  slug: string;
  total: number;
}
interface Stats {
  months: MonthStats[];
  /** The reviews by state (docs/reviews.md). */
  reviews?: AdminReviewCounts;
  top_by_views: TopListing[];
  top_by_enquiries: TopListing[];
}
/** GET /api/admin/billing-stats/ (billing's API, notes/billing-admin-contract.md). */
interface BillingStats {
  months: { month: string; trials_started: number; paying_subscribers: number; mrr_cents: number }[];
}

async function getJson<T>(path: string): Promise<T | null> {
  const res = await authFetch(`${getConfig().apiOrigin}${path}`);
  return res.ok ? ((await res.json()) as T) : null;
}

/** 'Dec 2025' for '2025-12', as the control panel's statistics name the months; read in UTC, as the API counts them. */
const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IE', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const grid = { display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', padding: 16 } as const;
/** Revenue is charted in euros, so the axis steps by whole euros (in cents its ticks would read €0, €0, ...). */
const euro = (euros: number) => `€${Math.round(euros)}`;
const bars = <K extends string>(months: ({ month: string } & Record<K, number>)[], key: K): Bar[] => months.map((m) => ({ label: monthLabel(m.month), value: m[key] }));

/** A chart in its card; the card keeps its place while the chart's chunk loads. */
function ChartCard({ title, bars, format }: { title: string; bars: Bar[]; format?: (v: number) => string }) {
  return (
    <Card>
      <CardContent>
        <Suspense fallback={<h2 style={{ fontSize: '1.1rem', margin: '0 0 4px', minHeight: 268 }}>{title}</h2>}>
          <BarChart title={title} bars={bars} format={format} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

function TopList({ title, rows }: { title: string; rows: TopListing[] }) {
  return (
    <Card>
      <CardContent>
        <h2 style={{ fontSize: '1.1rem', margin: '0 0 8px' }}>{title}</h2>
        {rows.length ? (
          <ol>
            {rows.map((r) => (
              <li key={r.id}>
                <Link to={`/listings/${r.id}`}>{r.title}</Link> ({r.total})
              </li>
            ))}
          </ol>
        ) : (
          <p>None in the last 12 months.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** The reviews by state, each linking to the list filtered to it (reported ones wait for an admin's decision). */
function ReviewCounts({ counts }: { counts: AdminReviewCounts }) {
  const states = ['reported', 'held', 'published', 'removed'] as const;
  return (
    <Card>
      <CardContent>
        <h2 style={{ fontSize: '1.1rem', margin: '0 0 8px' }}>Reviews</h2>
        <ul data-testid="review-counts">
          {states.map((state) => (
            <li key={state}>
              <Link to={`/reviews?filter=${encodeURIComponent(JSON.stringify({ state }))}`}>
                {counts[state]} {state}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The last 12 months: the directory's use, then billing's figures (absent until the billing API is there). */
export function Dashboard() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [billing, setBilling] = useState<BillingStats | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getJson<Stats>('/api/admin/stats/').then((s) => (s ? setStats(s) : setFailed(true)), () => setFailed(true));
    getJson<BillingStats>('/api/admin/billing-stats/').then(setBilling, () => setBilling(null));
  }, []);
  // Made once per answer: a chart is drawn again only when its figures change.
  const use = useMemo(
    () => ({
      views: stats && bars(stats.months, 'profile_views'),
      enquiries: stats && bars(stats.months, 'enquiries'),
      signUps: stats && bars(stats.months, 'sign_ups'),
    }),
    [stats],
  );
  const money = useMemo(
    () => ({
      trials: billing && bars(billing.months, 'trials_started'),
      paying: billing && bars(billing.months, 'paying_subscribers'),
      mrr: billing && bars(billing.months, 'mrr_cents').map((b) => ({ ...b, value: b.value / 100 })),
    }),
    [billing],
  );
  return (
    <>
      <Title title="Dashboard" />
      <h1 style={{ margin: '16px 16px 0', fontSize: '1.5rem' }}>The last 12 months</h1>
      {failed && <p role="alert">The statistics could not be loaded.</p>}
      {stats && (
        <div style={grid}>
          <ChartCard title="Profile views" bars={use.views!} />
          <ChartCard title="Enquiries" bars={use.enquiries!} />
          <ChartCard title="Sign-ups" bars={use.signUps!} />
          <TopList title="Most viewed listings" rows={stats.top_by_views} />
          <TopList title="Most enquired-about listings" rows={stats.top_by_enquiries} />
          {stats.reviews && <ReviewCounts counts={stats.reviews} />}
        </div>
      )}
      {billing && (
        <div style={grid}>
          <ChartCard title="Trials started" bars={money.trials!} />
          <ChartCard title="Paying subscribers" bars={money.paying!} />
          <ChartCard title="Monthly recurring revenue" bars={money.mrr!} format={euro} />
        </div>
      )}
      {billing === null && <p style={{ margin: 16 }}>Billing statistics are not available.</p>}
    </>
  );
}
