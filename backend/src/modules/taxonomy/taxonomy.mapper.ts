import type { CategoryDto, CountyDto, ParentCategory } from '@directory/domain';
import { sanitizeIconSvg } from '../../infra/html-sanitizer';
import type { CategoryEntity } from './category.entity';
import type { CountyEntity } from './county.entity';

export type { CategoryDto, CountyDto };



/** The parent group a category id falls in, from the configured id ranges. */
export function parentOf(categoryId: number, parents: ParentCategory[]): ParentCategory | null {
  return parents.find((p) => categoryId >= p.minId && (p.maxId === null || categoryId <= p.maxId)) ?? null;
}

/** The icon is cleaned again on the way out: a row may predate the sanitiser or have been written by hand. */
export function mapCategory(c: CategoryEntity, parents: ParentCategory[]): CategoryDto {
  const parent = parentOf(c.id, parents);
  return {
    id: c.id,
    name: c.name,
    name_abbrev: c.nameAbbrev,
    slug: c.slug,
    description: c.description,
    svg_path: sanitizeIconSvg(c.svgPath),
    is_child: parent !== null,
    is_primary: c.isPrimary,
    parent_slug: parent?.slug ?? null,
    parent_name: parent?.name ?? null,
  };
}

export const mapCounty = (c: CountyEntity): CountyDto => ({ slug: c.slug, name: c.name });

/** County names are title-cased from their slugs: 'dublin' -> 'Dublin'. */
export const countyNameFromSlug = (slug: string): string =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
