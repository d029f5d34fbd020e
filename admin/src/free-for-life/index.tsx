import { BooleanField, Datagrid, DateField, List, SelectInput, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ActionButton } from '../actions';

/** The free-for-life applications queue (billing's API, notes/billing-admin-contract.md); the applicant is emailed. */
const STATUSES = ['pending', 'approved', 'refused'].map((id) => ({ id, name: id }));
const pending = (r: Record<string, unknown>) => r.status === 'pending';

const Decide = () => (
  <>
    <ActionButton action="approve" label="Approve" when={pending} />
    <ActionButton action="refuse" label="Refuse" confirm="Refuse this application? The applicant is emailed." when={pending} />
  </>
);

export const FreeForLifeList = () => (
  <List filters={[<SelectInput key="status" source="status" choices={STATUSES} alwaysOn />]} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'id', order: 'ASC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="email" />
      <TextField source="organisation" />
      <BooleanField source="students_not_charged" label="Students not charged" />
      <TextField source="status" />
      <DateField source="created_at" />
      <Decide />
    </Datagrid>
  </List>
);

export const FreeForLifeShow = () => (
  <Show actions={<TopToolbar><Decide /></TopToolbar>}>
    <SimpleShowLayout>
      <TextField source="email" />
      <TextField source="organisation" />
      <BooleanField source="students_not_charged" />
      <TextField source="status" />
      <DateField source="created_at" showTime />
      <DateField source="decided_at" showTime />
    </SimpleShowLayout>
  </Show>
);
