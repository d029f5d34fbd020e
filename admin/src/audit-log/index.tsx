import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField } from 'react-admin';

const RESOURCES = ['users', 'listings', 'categories', 'articles', 'mail-outbox', 'subscriptions', 'free-for-life-applications'].map((id) => ({ id, name: id }));
const json = (v: unknown) => (v == null ? '' : JSON.stringify(v, null, 2));

/** Read-only: what each admin changed, when, and the record before and after. */
export const AuditList = () => (
  <List filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Admin, resource or id" />, <SelectInput key="resource" source="resource" choices={RESOURCES} />]} sort={{ field: 'id', order: 'DESC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <DateField source="created_at" showTime label="When" />
      <TextField source="admin_email" label="Who" />
      <TextField source="action" />
      <TextField source="resource" />
      <TextField source="record_id" label="Record" />
    </Datagrid>
  </List>
);

export const AuditShow = () => (
  <Show>
    <SimpleShowLayout>
      <DateField source="created_at" showTime label="When" />
      <TextField source="admin_email" label="Who" />
      <TextField source="action" />
      <TextField source="resource" />
      <TextField source="record_id" label="Record" />
      <FunctionField label="Before" render={(r: { before: unknown }) => <pre>{json(r.before)}</pre>} />
      <FunctionField label="After" render={(r: { after: unknown }) => <pre>{json(r.after)}</pre>} />
    </SimpleShowLayout>
  </Show>
);
