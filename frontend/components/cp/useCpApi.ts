import { useMemo } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { cpApi } from '../../lib/cp-api';

/** The control panel's API calls for this site, as the signed-in member. */
export function useCpApi() {
  const { site } = usePageContext();
  return useMemo(() => cpApi(site.apiOrigin), [site.apiOrigin]);
}
