import { DateField, FunctionField, SelectInput, TextField } from 'react-admin';
import { choices, RecordShow, ResourceList, search } from '../lists';

const RESOURCES = choices(['users', 'listings', 'categories', 'articles', 'mail-outbox', 'subscriptions', 'free-for-life-applications']);
const json = (v: unknown) => (v == null ? '' : JSON.stringify(v, null, 2));

/** Who did what to which record, and when: the columns of the list, the head of each entry. */
const entry = [
  <DateField key="created_at" source="created_at" showTime label="When" />,
  <TextField key="admin_email" source="admin_email" label="Who" />,
  <TextField key="action" source="action" />,
  <TextField key="resource" source="resource" />,
  <TextField key="record_id" source="record_id" label="Record" />,
];

/** Read-only: what each admin changed, when, and the record before and after. */
export const AuditList = () => <ResourceList filters={[search('Admin, resource or id'), <SelectInput key="resource" source="resource" choices={RESOURCES} />]}>{entry}</ResourceList>;

export const AuditShow = () => (
  <RecordShow>
    {entry}
    <FunctionField label="Before" render={(r: { before: unknown }) => <pre>{json(r.before)}</pre>} />
    <FunctionField label="After" render={(r: { after: unknown }) => <pre>{json(r.after)}</pre>} />
  </RecordShow>
);
