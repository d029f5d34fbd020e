import type { ReactNode } from 'react';

/** Terms and privacy share a layout and their last-updated date. */
export const LEGAL_UPDATED = 'March 18, 2025';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="info-page page-narrow legal">
      <h1>{title}</h1>
      <p className="muted">Last updated {LEGAL_UPDATED}</p>
      {children}
    </article>
  );
}
