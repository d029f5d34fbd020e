import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import type { Data } from './+data';

/** Category-in-county pages reached through /counties/... name their /categories/... twin as canonical. */
export default function Head() {
  const { view } = useData<Data>();
  const { site } = usePageContext();
  return <link rel="canonical" href={`${site.siteOrigin}${view.canonicalPath ?? view.path}`} />;
}
