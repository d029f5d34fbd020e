import type { PageContext } from 'vike/types';
import type { CategoryChoice } from './cp-listing';
import { getTaxonomy } from './taxonomy.server';

/** The editor's pickers: categories by name (trimmed to what the picker shows) and the 32 counties. */
export async function pickers(pageContext: PageContext) {
  const { categories, counties } = await getTaxonomy(pageContext.apiInternalOrigin);
  const choices: CategoryChoice[] = categories.map(({ id, name, slug }) => ({ id, name, slug })).sort((a, b) => a.name.localeCompare(b.name, 'en-IE'));
  return { categories: choices, counties };
}
