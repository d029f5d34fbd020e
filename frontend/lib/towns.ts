/** A town of a county, with its coordinates: the editor places the pin there before it is fine-tuned. */
export type Town = readonly [name: string, lat: number, lng: number];

/** The towns of each county (the seed's list). */
export const COUNTY_TOWNS: Record<string, readonly Town[]> = {};
