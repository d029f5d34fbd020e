import { useEffect, useRef } from 'react';
import { usePageContext } from 'vike-react/usePageContext';

/** The control panel's sections, in the order a new lister meets them. */
export const CP_SECTIONS = [
  { href: '/cp/dashboard', label: 'Dashboard' },
  { href: '/cp/listings/new', label: 'New listing' },
  { href: '/cp/enquiries', label: 'Enquiries' },
  { href: '/cp/reviews', label: 'Reviews' },
  { href: '/cp/statistics', label: 'Statistics' },
  { href: '/cp/subscription', label: 'Subscription' },
  { href: '/cp/account', label: 'Account' },
] as const;

/**
 * The panel's navigation: plain links (keyboard and screen readers need nothing more) in one row that scrolls sideways
 * on a phone, so the page starts right below it; the current section is scrolled into view.
 */
export function CpNav() {
  const { urlPathname } = usePageContext();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (row && current) row.scrollLeft += current.getBoundingClientRect().left - row.getBoundingClientRect().left - 16;
  }, [urlPathname]);
  return (
    <nav aria-label="Control panel" className="cp-nav">
      <ul ref={list}>
        {CP_SECTIONS.map((s) => (
          <li key={s.href}>
            <a href={s.href} aria-current={urlPathname === s.href ? 'page' : undefined}>
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
