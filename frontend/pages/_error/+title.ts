import type { PageContext } from 'vike/types';

export default ({ i18n, site, is404 }: PageContext) => i18n._('layout.pageTitle', { siteName: site.copy.siteName, title: i18n._(is404 ? 'error.notFound' : 'error.pageTitle') });
