import { useEffect, useState } from 'react';
import type { RefineDialogProps } from './Dialog';
// @ts-expect-error  A server-only import (vite.config.ts): the module in the server build, an empty one in the browser's.
import * as serverOnly from './Dialog?server';

/*
 * A listing's refine and price dialogs, with their code loaded on first use (the page JavaScript budget (docs/performance.md): 0.5 KB gzipped that
 * no visitor needs before a click). The server renders the whole closed dialog, its links included: they are the only
 * links from a category to its category-in-county pages. In the browser the page hydrates the dialog as an element
 * whose server-rendered content React leaves alone (`dangerouslySetInnerHTML` with nothing to set), so the links stay
 * in the page, and the full dialog (search box, Escape, focus kept inside) replaces it once its module has loaded:
 * when the visitor points at or focuses a filter button (`preloadRefineDialog`), or at the latest when a dialog opens.
 * Until then the keyboard and screen readers see what they saw before: a closed <dialog> is not in the page's
 * accessibility tree, and the filter buttons are ordinary buttons.
 */
type DialogComponent = typeof import('./Dialog').RefineDialog;

const FullDialog: DialogComponent = (serverOnly as typeof import('./Dialog')).RefineDialog;

let loaded: DialogComponent | null = null;
let loading: Promise<DialogComponent> | null = null;

/** Loads the dialog's module once; a failed load is forgotten, so the next hover, focus or opening tries again. */
function loadRefineDialog(): Promise<DialogComponent> {
  loading ??= import('./Dialog').then(
    (m) => (loaded = m.RefineDialog),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** On a filter button's hover or focus: a failure here is no error yet (the opening tries again). */
export function preloadRefineDialog(): void {
  loadRefineDialog().catch(() => undefined);
}

export function RefineDialog(props: RefineDialogProps) {
  // The server build keeps the full dialog (Vite sets import.meta.env.SSR), the browser build drops its static import.
  if (import.meta.env.SSR) return <FullDialog {...props} />;
  return <ClientDialog {...props} />;
}

function ClientDialog(props: RefineDialogProps) {
  const [Dialog, setDialog] = useState<DialogComponent | null>(() => loaded);
  const { open } = props;
  useEffect(() => {
    if (!open || Dialog) return;
    // A module that cannot be had (a tab open across a deploy asks for a chunk name the new build no longer has, or
    // the network dropped): the page is loaded afresh, with this listing's address, rather than a button that does nothing.
    loadRefineDialog().then(
      (d) => setDialog(() => d),
      () => window.location.reload(),
    );
  }, [Dialog, open]);
  if (Dialog) return <Dialog {...props} />;
  return <dialog className="refine-dialog" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
}
