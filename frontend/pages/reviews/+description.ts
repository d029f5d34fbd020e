import type { PageContext } from 'vike/types';
import type { Data } from './+data';

export default ({ i18n, site, data }: PageContext<Data>) => i18n._(data ? 'reviewform.description' : 'reviewpage.description', { siteName: site.copy.siteName });
