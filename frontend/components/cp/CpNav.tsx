import { usePageContext } from 'vike-react/usePageContext';

/** The control panel's sections, in the order a new lister meets them. */
export const CP_SECTIONS = [
  { href: '/cp/dashboard', label: 'Dashboard' },
  { href: '/cp/listings/new', label: 'New listing' },
  { href: '/cp/enquiries', label: 'Enquiries' },
  { href: '/cp/statistics', label: 'Statistics' },
  { href: '/cp/subscription', label: 'Subscription' },
  { href: '/cp/account', label: 'Account' },
] as const;

/** The panel's navigation: plain links (keyboard and screen readers need nothing more), wrapping on narrow phones. */
export function CpNav() {
  const { urlPathname } = usePageContext();
  return (
    <nav aria-label="Control panel" className="cp-nav">
      <ul>
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
