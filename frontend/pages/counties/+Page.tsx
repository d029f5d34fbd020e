import { useData } from 'vike-react/useData';
import { TEXT } from '../../lib/copy';
import type { Data } from './+data';

/** /counties: the 32 counties, each 'An Irish county', linking to its listing. */
export default function Page() {
  const { counties } = useData<Data>();
  return (
    <section className="index-page">
      <h1>Counties</h1>
      <ul className="index-grid">
        {counties.map((c) => (
          <li key={c.slug}>
            <a href={`/counties/${c.slug}`} className="county-tile">
              <span className="county-name">{c.name}</span>
              <span className="muted">{TEXT.anIrishCounty}</span>
              <span className="count-badge" aria-label={`${c.count} profiles`}>
                {c.count}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
