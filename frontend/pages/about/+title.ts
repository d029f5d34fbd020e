import type { PageContext } from 'vike/types';

export default ({ i18n, site }: PageContext) => i18n._('layout.pageTitle', { siteName: site.copy.siteName, title: i18n._('about.title') });
