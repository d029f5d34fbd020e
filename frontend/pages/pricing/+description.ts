import { formatEuro, PLAN_TERMS, type PlansDto, type Site, TRIAL_MONTHS } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { COPY } from '../../lib/copy';
import type { Data } from './+data';

const describe = (site: Site, plans: PlansDto) =>
  `${COPY[site].siteName} pricing: publish your profile for ${formatEuro(plans.monthly_cents)} a month or ${formatEuro(plans.yearly_cents)} a year after a ${TRIAL_MONTHS}-month free trial, with a full refund within ${PLAN_TERMS.refundDays} days.` +
  (site === 'cliste' ? ' Free for life for organisations that do not charge students.' : '');

export default (pageContext: PageContext<Data>) => describe(pageContext.site.site, pageContext.data);
