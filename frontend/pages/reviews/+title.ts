import type { PageContext } from 'vike/types';
import type { Data } from './+data';

export default ({ i18n, site, data }: PageContext<Data>) =>
  i18n._('layout.pageTitle', {
    siteName: site.copy.siteName,
    title: !data ? i18n._('reviewpage.title') : data.form ? i18n._('reviewform.title', { title: data.form.post_title }) : i18n._('reviewform.linkTitle'),
  });
