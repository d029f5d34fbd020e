import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../../lib/i18n';

export default function Page() {
  const { is404 } = usePageContext();
  const { t, href } = useI18n();
  if (!is404)
    return (
      <section className="page-narrow error-page">
        <h1>{t('error.title')}</h1>
        <p>{t('error.tryAgain')}</p>
      </section>
    );
  // The sentence with its two links: each link stands where its language puts its value.
  const links: Record<string, ReactNode> = {
    '\u0001': (
      <a key="directory" href={href('/')}>
        {t('error.fullDirectory')}
      </a>
    ),
    '\u0002': (
      <a key="county" href={href('/counties')}>
        {t('error.county')}
      </a>
    ),
  };
  const sentence = t('error.notFoundText', { directory: '\u0001', county: '\u0002' }).split(/([\u0001\u0002])/);
  return (
    <section className="page-narrow error-page">
      <h1>{t('error.notFound')}</h1>
      <p>{sentence.map((part) => links[part] ?? part)}</p>
    </section>
  );
}
