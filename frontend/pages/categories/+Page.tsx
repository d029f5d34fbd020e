import { useData } from 'vike-react/useData';
import { CategoryIcon } from '../../components/Icon';
import { IndexPage } from '../../components/IndexPage';
import { TEXT } from '../../lib/copy';
import type { Data } from './+data';

/** /categories: every category with its icon, name, description and a View link. */
export default function Page() {
  const { categories } = useData<Data>();
  return (
    <IndexPage title="Categories" listClass="index-list" itemClass="index-item" items={categories}>
      {(c) => (
        <>
          <CategoryIcon svg={c.icon} />
          <div>
            <h2>{c.name}</h2>
            <p>{c.description}</p>
            <p className="muted">{c.count} profiles</p>
          </div>
          <a className="button button-secondary" href={c.href} aria-label={`${TEXT.view} ${c.name}`}>
            {TEXT.view}
          </a>
        </>
      )}
    </IndexPage>
  );
}
