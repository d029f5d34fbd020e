import { useData } from 'vike-react/useData';
import { CategoryIcon } from '../../components/Icon';
import { IndexPage } from '../../components/IndexPage';
import { useI18n } from '../../lib/i18n';
import type { Data } from './+data';

/** /categories: every category with its icon, name, description and a View link. */
export default function Page() {
  const { categories } = useData<Data>();
  const { t, href } = useI18n();
  return (
    <IndexPage title={t('categories.title')} listClass="index-list" itemClass="index-item" items={categories}>
      {(c) => (
        <>
          <CategoryIcon svg={c.icon} />
          <div>
            <h2>{c.name}</h2>
            <p lang={c.descriptionLang}>{c.description}</p>
            <p className="muted">{t('categories.profileCount', { count: c.count })}</p>
          </div>
          <a className="button button-secondary" href={href(c.href)} aria-label={t('categories.viewCategory', { name: c.name })}>
            {t('categories.view')}
          </a>
        </>
      )}
    </IndexPage>
  );
}
