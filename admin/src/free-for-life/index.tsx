import { BooleanField, DateField, SelectInput, TextField } from 'react-admin';
import { ActionButton } from '../actions';
import { choices, RecordShow, ResourceList } from '../lists';

/** The free-for-life applications queue (billing's API, notes/billing-admin-contract.md); the applicant is emailed. */
const STATUSES = choices(['pending', 'approved', 'refused']);
const pending = (r: Record<string, unknown>) => r.status === 'pending';

const Decide = () => (
  <>
    <ActionButton action="approve" label="Approve" when={pending} />
    <ActionButton action="refuse" label="Refuse" confirm="Refuse this application? The applicant is emailed." when={pending} />
  </>
);

export const FreeForLifeList = () => (
  <ResourceList filters={[<SelectInput key="status" source="status" choices={STATUSES} alwaysOn />]} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'id', order: 'ASC' }}>
    <TextField source="id" />
    <TextField source="email" />
    <TextField source="organisation" />
    <BooleanField source="students_not_charged" label="Students not charged" />
    <TextField source="status" />
    <DateField source="created_at" />
    <Decide />
  </ResourceList>
);

export const FreeForLifeShow = () => (
  <RecordShow actions={<Decide />}>
    <TextField source="email" />
    <TextField source="organisation" />
    <BooleanField source="students_not_charged" />
    <TextField source="status" />
    <DateField source="created_at" showTime />
    <DateField source="decided_at" showTime />
  </RecordShow>
);
