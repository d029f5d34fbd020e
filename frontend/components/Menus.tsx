import { CategoryIcon } from './Icon';

export interface MenuEntry {
  slug: string;
  label: string;
  href: string;
  icon?: string;
}

/** A horizontal menu of links ('All' first); the current entry is marked for assistive technology too. */
export function ChipMenu({ label, entries, current, id }: { label: string; entries: MenuEntry[]; current: string | null; id?: string }) {
  return (
    <nav aria-label={label} id={id} className="chip-menu">
      <ul>
        {entries.map((e) => (
          <li key={e.slug}>
            <a href={e.href} className="chip" aria-current={e.slug === current ? 'page' : undefined}>
              {e.icon !== undefined && <CategoryIcon svg={e.icon} />}
              {e.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The menu's first entry, 'All' in the page's language. */
export const allEntry = (label: string, href: string): MenuEntry => ({ slug: '__all', label, href });
