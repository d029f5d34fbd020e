import { COUNTY_TOWNS } from '@directory/domain';

export const COUNTY_SLUGS = Object.keys(COUNTY_TOWNS);

/** Rough share of listers per county, by population: Dublin and Cork lead. */
export const COUNTY_WEIGHTS: Record<string, number> = {
  dublin: 14, cork: 7, galway: 5, kildare: 4, limerick: 4, meath: 4, antrim: 4, down: 3, wicklow: 3, wexford: 3,
  kerry: 3, tipperary: 3, louth: 3, donegal: 3, waterford: 3, mayo: 2, clare: 2, kilkenny: 2, westmeath: 2, laois: 2,
  offaly: 2, derry: 2, tyrone: 2, armagh: 2, cavan: 1, sligo: 1, roscommon: 1, monaghan: 1, carlow: 1, longford: 1,
  fermanagh: 1, leitrim: 1,
};
