import type { PageContext } from 'vike/types';

export default ({ i18n, site }: PageContext) => i18n._('categories.description', { listers: i18n._(`site.${site.site}.listers`), siteName: site.copy.siteName });
