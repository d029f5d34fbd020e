import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { getConfig } from '../config';
import { authFetch } from '../providers/session';

/**
 * The article's cover photo: the file is sent as it is (PUT .../cover with its image type); the API crops it to
 * 1200x630 and stores it as WebP. Shown beside the current cover.
 */
export function CoverInput() {
  const record = useRecordContext<{ id: number; image: string; title: string }>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const { apiOrigin } = getConfig();
  return (
    <div style={{ margin: '8px 0 16px' }}>
      {record.image && <img src={`${apiOrigin}/storage/article-assets/${encodeURIComponent(record.image)}`} alt={`Cover of ${record.title}`} width={300} height={158} style={{ display: 'block', maxWidth: '100%', height: 'auto' }} />}
      <label htmlFor="cover-file" style={{ display: 'block', margin: '8px 0 4px' }}>
        Cover photo (JPEG, PNG or WebP, up to 8 MB)
      </label>
      <input
        id="cover-file"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        disabled={busy}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          setBusy(true);
          try {
            const res = await authFetch(`${apiOrigin}/api/admin/articles/${record.id}/cover`, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
            const answer = (await res.json().catch(() => ({}))) as { message?: string };
            if (!res.ok) throw new Error(answer.message ?? `Upload failed (${res.status})`);
            notify('Cover updated', { type: 'info' });
            refresh();
          } catch (err) {
            notify((err as Error).message, { type: 'error' });
          } finally {
            setBusy(false);
            e.target.value = '';
          }
        }}
      />
    </div>
  );
}
