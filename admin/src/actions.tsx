import { Button, useDataProvider, useNotify, useRecordContext, useRefresh, useResourceContext } from 'react-admin';
import { useState } from 'react';
import type { AdminDataProvider } from './providers/dataProvider';

/**
 * A button for one of the back office's actions (POST /api/admin/{resource}/{id}/{action}), shown on a record in a
 * list or a page; it names its record for screen readers, since a list repeats it on every row.
 */
export function ActionButton({ action, label, confirm, when }: { action: string; label: string; confirm?: string; when?: (record: Record<string, unknown>) => boolean }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || !resource || (when && !when(record))) return null;
  const name = String(record.title ?? record.email ?? record.recipient ?? record.id);
  return (
    <Button
      label={label}
      aria-label={`${label}: ${name}`}
      disabled={busy}
      onClick={async (e) => {
        e.stopPropagation();
        if (confirm && !window.confirm(confirm)) return;
        setBusy(true);
        try {
          await dataProvider.act(resource, record.id, action);
          notify(`${label}: done`, { type: 'info' });
          refresh();
        } catch (err) {
          notify((err as Error).message || 'That did not work', { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
