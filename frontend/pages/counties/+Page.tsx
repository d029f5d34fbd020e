import { useData } from 'vike-react/useData';
import { IndexPage } from '../../components/IndexPage';
import { useI18n } from '../../lib/i18n';
import type { Data } from './+data';

/** /counties: the 32 counties, each 'An Irish county', linking to its listing. */
export default function Page() {
  const { counties } = useData<Data>();
  const { t, href } = useI18n();
  return (
    <IndexPage title={t('counties.title')} listClass="index-grid" items={counties}>
      {(c) => (
        <a href={href(`/counties/${c.slug}`)} className="county-tile">
          <span className="county-name">{c.name}</span>
          <span className="muted">{t('counties.anIrishCounty')}</span>
          <span className="count-badge" aria-label={t('counties.profileCount', { count: c.count })}>
            {c.count}
          </span>
        </a>
      )}
    </IndexPage>
  );
}
