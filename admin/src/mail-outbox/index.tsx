import { DateField, NumberField, SelectInput, TextField } from 'react-admin';
import { ActionButton } from '../actions';
import { choices, createdAt, RecordShow, ResourceList, search } from '../lists';

const STATES = choices(['pending', 'failed', 'dead', 'sent']);
const unsent = (r: Record<string, unknown>) => r.state === 'failed' || r.state === 'dead';
const retry = <ActionButton key="retry" action="retry" label="Retry" when={unsent} />;
const delivery = [<TextField key="state" source="state" />, <NumberField key="attempts" source="attempts" />, <TextField key="last_error" source="last_error" />];

/** Failed messages are retried by themselves; dead ones used up their tries and wait for an admin's retry. */
export const MailList = () => (
  <ResourceList filters={[search(), <SelectInput key="state" source="state" choices={STATES} alwaysOn />]}>
    <TextField source="id" />
    <TextField source="recipient" />
    <TextField source="subject" />
    {delivery}
    {createdAt}
    {retry}
  </ResourceList>
);

export const MailShow = () => (
  <RecordShow actions={retry}>
    <TextField source="recipient" />
    <TextField source="subject" />
    {delivery}
    <DateField source="next_attempt_at" showTime />
    <DateField source="sent_at" showTime />
    <TextField source="text_body" label="Text (cleared once delivered)" component="pre" />
  </RecordShow>
);
