import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Card } from '../../components/Card';
import { COPY } from '../../lib/copy';
import type { Data } from './+data';

const TIMELINE = [
  ['August 2008', 'The directory is founded.'],
  ['September 2010', '50+ musicians listed.'],
  ['February 2019', '120+ musicians listed.'],
  ['September 2025', 'A complete rebuild, fast on every phone.'],
];

export default function Page() {
  const { featured, articles } = useData<Data>();
  const { site } = usePageContext();
  const s = site.stats;
  return (
    <section className="info-page">
      <h1>About {COPY[site.site].siteName}</h1>
      <p className="lead">{COPY[site.site].description}</p>
      <h2>Our story</h2>
      <ol className="timeline">
        {TIMELINE.map(([when, what]) => (
          <li key={when}>
            <strong>{when}</strong> {what}
          </li>
        ))}
      </ol>
      <h2>In numbers ({s.year})</h2>
      <ul className="stats">
        {site.site === 'cliste' ? <li><strong>{s.schoolLocations}</strong> school locations</li> : <li><strong>{s.musicians}</strong> church musicians</li>}
        <li><strong>{s.payingUsers}</strong> paying members</li>
        <li><strong>{s.pageViews}</strong> page views</li>
        <li><strong>{s.visitors}</strong> unique visitors</li>
        <li><strong>{s.enquiries}</strong> enquiries</li>
      </ul>
      <h2>Featured</h2>
      <ul className="cards">
        {featured.map((p) => (
          <Card key={p.id} post={p} site={site.site} />
        ))}
      </ul>
      <h2>From the blog</h2>
      <ul>
        {articles.map((a) => (
          <li key={a.id}>
            <a href={`/articles/${a.slug}`}>{a.title}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
