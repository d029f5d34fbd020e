import { BooleanField, Button, TextField, TopToolbar, useNotify } from 'react-admin';
import { createdAt, personFields, RecordShow, ResourceList, search } from '../lists';
import { getConfig } from '../config';
import { authFetch } from '../providers/session';

const ANSWERS = ['across2', 'down1', 'across4', 'down3', 'across8', 'down5', 'across9', 'down6', 'across11', 'down7', 'across12', 'down10'];

/** Downloads every entry as CSV (the bearer token rules out a plain link). */
function ExportCsvButton() {
  const notify = useNotify();
  return (
    <Button
      label="Export CSV"
      onClick={async () => {
        const res = await authFetch(`${getConfig().apiOrigin}/api/admin/crossword-entries/export.csv`, { headers: { Accept: 'text/csv' } });
        if (!res.ok) return notify(`Export failed (${res.status})`, { type: 'error' });
        const url = URL.createObjectURL(await res.blob());
        const a = document.createElement('a');
        a.href = url;
        a.download = 'crossword-entries.csv';
        a.click();
        URL.revokeObjectURL(url);
      }}
    />
  );
}

/** Who entered, where from, and whether they want news. */
const entrant = [...personFields, <TextField key="school" source="school" />, <BooleanField key="subscribe" source="subscribe" />];

export const CrosswordEntryList = () => (
  <ResourceList filters={[search()]} sort={{ field: 'id', order: 'ASC' }} actions={<TopToolbar><ExportCsvButton /></TopToolbar>}>
    <TextField source="id" />
    {entrant}
    {createdAt}
  </ResourceList>
);

export const CrosswordEntryShow = () => (
  <RecordShow>
    {entrant}
    {ANSWERS.map((a) => (
      <TextField key={a} source={a} />
    ))}
    {createdAt}
  </RecordShow>
);
