import { usePageContext } from 'vike-react/usePageContext';
import { useI18n } from '../lib/i18n';
import { type Lang, LANG_COOKIE, LANG_TAG, langPath } from '../lib/lang';

/** A year, in seconds: how long the choice of language is remembered. */
const REMEMBER_S = 31_536_000;

/**
 * The same page, with the same query, in the other language, named in that language (`layout.otherLanguage`). Choosing it is remembered in a
 * cookie (lib/lang.ts LANG_COOKIE) for what has no URL of its own; the pages themselves follow their URL.
 */
export function LanguageSwitch() {
  const { lang, urlPathname, urlParsed } = usePageContext();
  const { t } = useI18n();
  const other: Lang = lang === 'ga' ? 'en' : 'ga';
  const remember = () => {
    document.cookie = `${LANG_COOKIE}=${other};path=/;max-age=${REMEMBER_S};samesite=lax${location.protocol === 'https:' ? ';secure' : ''}`;
  };
  return (
    <a href={langPath(other, `${urlPathname}${urlParsed.searchOriginal ?? ''}`)} lang={LANG_TAG[other]} onClick={remember}>
      {t('layout.otherLanguage')}
    </a>
  );
}
