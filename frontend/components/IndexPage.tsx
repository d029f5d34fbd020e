import type { ReactNode } from 'react';

/** The layout of the index pages (/categories, /counties): a heading over one list item per entry, keyed by slug. */
export function IndexPage<T extends { slug: string }>({ title, listClass, itemClass, items, children }: {
  title: string;
  listClass: string;
  itemClass?: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="index-page">
      <h1>{title}</h1>
      <ul className={listClass}>
        {items.map((item) => (
          <li key={item.slug} className={itemClass}>
            {children(item)}
          </li>
        ))}
      </ul>
    </section>
  );
}
