import { REVIEW_RULES } from '@directory/domain';
import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../../lib/i18n';

/**
 * How reviews are collected, checked, held and removed, and how listings are ordered: what a trader must tell
 * consumers about the reviews it publishes and the order it ranks in (Consumer Rights Act 2022, the EU Omnibus
 * Directive). Every figure comes from the rules the API applies (REVIEW_RULES), so the page cannot drift from them.
 */
export function HowReviewsWork() {
  const { site } = usePageContext();
  const { t, href } = useI18n();
  const siteName = site.copy.siteName;
  const r = REVIEW_RULES;
  return (
    <section className="info-page reviews-info">
      <h1>{t('reviewpage.title')}</h1>
      <p className="lead">{t('reviewpage.intro', { siteName })}</p>
      <h2>{t('reviewpage.collectedHeading')}</h2>
      <p>{t('reviewpage.collected', { days: r.inviteDaysWithoutDate })}</p>
      <p>{t('reviewpage.oneEach')}</p>
      <h2>{t('reviewpage.checkedHeading')}</h2>
      <p>{t('reviewpage.checked', { siteName, editDays: r.editDays })}</p>
      <p>{t('reviewpage.average')}</p>
      <h2>{t('reviewpage.heldHeading')}</h2>
      <p>{t('reviewpage.held', { stars: r.heldAtOrBelow, holdDays: r.holdDays, moreDays: r.extendedHoldDays })}</p>
      <h2>{t('reviewpage.removedHeading')}</h2>
      <p>{t('reviewpage.removed')}</p>
      <h2>{t('reviewpage.orderHeading')}</h2>
      <p>{t('reviewpage.order')}</p>
      <p>
        {t('reviewpage.questions')} <a href={href('/contact')}>{t('reviewpage.contact')}</a>
      </p>
    </section>
  );
}
