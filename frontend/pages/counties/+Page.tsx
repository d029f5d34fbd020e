import { useData } from 'vike-react/useData';
import { IndexPage } from '../../components/IndexPage';
import { TEXT } from '../../lib/copy';
import type { Data } from './+data';

/** /counties: the 32 counties, each 'An Irish county', linking to its listing. */
export default function Page() {
  const { counties } = useData<Data>();
  return (
    <IndexPage title="Counties" listClass="index-grid" items={counties}>
      {(c) => (
        <a href={`/counties/${c.slug}`} className="county-tile">
          <span className="county-name">{c.name}</span>
          <span className="muted">{TEXT.anIrishCounty}</span>
          <span className="count-badge" aria-label={`${c.count} profiles`}>
            {c.count}
          </span>
        </a>
      )}
    </IndexPage>
  );
}
