import type { ReactNode } from 'react';
import { CpNav } from '../../components/cp/CpNav';

/** Every control-panel page: the panel's own navigation above the page (inside the site's layout). */
export default function CpLayout({ children }: { children: ReactNode }) {
  return (
    <div className="cp">
      <CpNav />
      <div className="cp-page">{children}</div>
    </div>
  );
}
