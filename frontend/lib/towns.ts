import { COUNTY_TOWNS } from '@directory/domain';

/** A town the editor offers for a county, with the point where the pin starts before it is fine-tuned. */
export interface Town {
  name: string;
  latitude: number;
  longitude: number;
}

/** The towns of a county (the directory's own list, @directory/domain), by name. */
export function countyTowns(county: string): Town[] {
  return (COUNTY_TOWNS[county] ?? [])
    .map(([name, latitude, longitude]) => ({ name, latitude, longitude }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IE'));
}

/** The town an area names (any letter case), if it is one. */
export const townNamed = (towns: Town[], area: string) => towns.find((t) => t.name.toLowerCase() === area.trim().toLowerCase());
