import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { Card } from '../../components/Card';
import { useI18n } from '../../lib/i18n';
import type { Data } from './+data';

/** The directory's milestones, oldest first: each a date and what happened, in the page's language. */
const TIMELINE = ['Founded', 'Fifty', 'Hundred', 'Rebuild'] as const;

export default function Page() {
  const { featured, articles } = useData<Data>();
  const { site } = usePageContext();
  const { t, href } = useI18n();
  const s = site.stats;
  return (
    <section className="info-page">
      <h1>{t('about.heading', { siteName: site.copy.siteName })}</h1>
      <p className="lead">{t(`site.${site.site}.description`)}</p>
      <h2>{t('about.ourStory')}</h2>
      <ol className="timeline">
        {TIMELINE.map((step) => (
          <li key={step}>
            <strong>{t(`about.when${step}`)}</strong> {t(`about.what${step}`)}
          </li>
        ))}
      </ol>
      <h2>{t('about.inNumbers', { year: s.year })}</h2>
      <ul className="stats">
        {site.site === 'cliste' ? (
          <li>
            <strong>{s.schoolLocations}</strong>{` ${t('about.schoolLocations')}`}
          </li>
        ) : (
          <li>
            <strong>{s.musicians}</strong>{` ${t('about.musicians')}`}
          </li>
        )}
        <li>
          <strong>{s.payingUsers}</strong>{` ${t('about.payingUsers')}`}
        </li>
        <li>
          <strong>{s.pageViews}</strong>{` ${t('about.pageViews')}`}
        </li>
        <li>
          <strong>{s.visitors}</strong>{` ${t('about.visitors')}`}
        </li>
        <li>
          <strong>{s.enquiries}</strong>{` ${t('about.enquiries')}`}
        </li>
      </ul>
      <h2>{t('about.featured')}</h2>
      <ul className="cards">
        {featured.map((p) => (
          <Card key={p.id} post={p} site={site.site} />
        ))}
      </ul>
      <h2>{t('about.fromTheBlog')}</h2>
      <ul>
        {articles.map((a) => (
          <li key={a.id}>
            <a href={href(`/articles/${a.slug}`)}>{a.title}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
