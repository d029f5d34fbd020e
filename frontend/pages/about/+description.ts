import type { PageContext } from 'vike/types';

export default ({ i18n, site }: PageContext) => i18n._('about.description', { siteName: site.copy.siteName, listers: i18n._(`site.${site.site}.listers`) });
