import type { ProfileDto } from '@directory/domain';
import { query } from './api';

/** A town the editor offers for a county, with the point where the pin starts before it is fine-tuned. */
export interface Town {
  name: string;
  latitude: number;
  longitude: number;
}

/**
 * The towns of a county as the API knows them: the areas of its published profiles, each at the middle of their pins
 * (the seed places its listers within a kilometre of its towns, and listers pick from this list). The seed's own town
 * list is not served by the API; once `@directory/domain` exports it, it can replace this call.
 */
export async function countyTowns(apiOrigin: string, county: string): Promise<Town[]> {
  const res = await fetch(`${apiOrigin}/api/profiles/${query({ tagSlug: county })}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) return [];
  const byName = new Map<string, { name: string; lat: number; lng: number; n: number }>();
  for (const p of (await res.json()) as ProfileDto[]) {
    const name = p.area.trim();
    if (!name || p.latitude === null || p.longitude === null) continue;
    const key = name.toLowerCase();
    const t = byName.get(key) ?? { name, lat: 0, lng: 0, n: 0 };
    byName.set(key, { ...t, lat: t.lat + p.latitude, lng: t.lng + p.longitude, n: t.n + 1 });
  }
  const round = (x: number) => Math.round(x * 1e5) / 1e5;
  return [...byName.values()].map((t) => ({ name: t.name, latitude: round(t.lat / t.n), longitude: round(t.lng / t.n) })).sort((a, b) => a.name.localeCompare(b.name, 'en-IE'));
}

/** The town an area names (any letter case), if it is one. */
export const townNamed = (towns: Town[], area: string) => towns.find((t) => t.name.toLowerCase() === area.trim().toLowerCase());
