import type { PageContext } from 'vike/types';

export default ({ i18n, site, is404 }: PageContext) =>
  is404 ? i18n._('error.notFoundDescription', { siteName: site.copy.siteName, listers: i18n._(`site.${site.site}.listers`) }) : i18n._('error.description', { siteName: site.copy.siteName });
