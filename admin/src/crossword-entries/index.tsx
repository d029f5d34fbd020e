import { BooleanField, Button, Datagrid, DateField, EmailField, List, SearchInput, Show, SimpleShowLayout, TextField, TopToolbar, useNotify } from 'react-admin';
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

export const CrosswordEntryList = () => (
  <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'id', order: 'ASC' }} actions={<TopToolbar><ExportCsvButton /></TopToolbar>}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="first_name" />
      <TextField source="last_name" />
      <EmailField source="email" />
      <TextField source="school" />
      <BooleanField source="subscribe" />
      <DateField source="created_at" showTime />
    </Datagrid>
  </List>
);

export const CrosswordEntryShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="first_name" />
      <TextField source="last_name" />
      <EmailField source="email" />
      <TextField source="school" />
      <BooleanField source="subscribe" />
      {ANSWERS.map((a) => (
        <TextField key={a} source={a} />
      ))}
      <DateField source="created_at" showTime />
    </SimpleShowLayout>
  </Show>
);
