import { Datagrid, DateField, List, NumberField, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ActionButton } from '../actions';

const STATES = ['pending', 'failed', 'dead', 'sent'].map((id) => ({ id, name: id }));
const unsent = (r: Record<string, unknown>) => r.state === 'failed' || r.state === 'dead';

/** Failed messages are retried by themselves; dead ones used up their tries and wait for an admin's retry. */
export const MailList = () => (
  <List filters={[<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="state" source="state" choices={STATES} alwaysOn />]} sort={{ field: 'id', order: 'DESC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="recipient" />
      <TextField source="subject" />
      <TextField source="state" />
      <NumberField source="attempts" />
      <TextField source="last_error" />
      <DateField source="created_at" showTime />
      <ActionButton action="retry" label="Retry" when={unsent} />
    </Datagrid>
  </List>
);

export const MailShow = () => (
  <Show actions={<TopToolbar><ActionButton action="retry" label="Retry" when={unsent} /></TopToolbar>}>
    <SimpleShowLayout>
      <TextField source="recipient" />
      <TextField source="subject" />
      <TextField source="state" />
      <NumberField source="attempts" />
      <TextField source="last_error" />
      <DateField source="next_attempt_at" showTime />
      <DateField source="sent_at" showTime />
      <TextField source="text_body" label="Text (cleared once delivered)" component="pre" />
    </SimpleShowLayout>
  </Show>
);
