import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../lib/i18n';

/** Landing content of the home listing, per site variant. */
export function Landing({ total }: { total: number }) {
  const { site } = usePageContext();
  const { t, href } = useI18n();
  const { siteName } = site.copy;
  return (
    <div className="landing">
      {site.site === 'cliste' && <p className="turas">{t('site.cliste.turas')}</p>}
      <p className="choose">{t(`site.${site.site}.choose`, { total })}</p>
      {/* The founder's words are about the church directory (church variant only). */}
      {site.site === 'church' && (
        <figure className="testimonial">
          <blockquote>
            <p>{t('site.church.testimonial')}</p>
          </blockquote>
          <figcaption>{t('site.church.founder', { siteName })}</figcaption>
        </figure>
      )}
      <p className="join-blurb">
        {t(`site.${site.site}.joinBlurb`)} <a href={href('/sign-up-start')}>{t('layout.joinFree')}</a>
      </p>
    </div>
  );
}
