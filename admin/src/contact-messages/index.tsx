import { Datagrid, DateField, EmailField, List, ReferenceField, SearchInput, Show, SimpleShowLayout, TextField } from 'react-admin';

export const ContactMessageList = () => (
  <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'id', order: 'DESC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="first_name" />
      <TextField source="last_name" />
      <EmailField source="email" />
      <DateField source="created_at" showTime />
    </Datagrid>
  </List>
);

export const ContactMessageShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="first_name" />
      <TextField source="last_name" />
      <EmailField source="email" />
      <TextField source="message" />
      <ReferenceField source="mail_id" reference="mail-outbox" label="Email to the team" link="show" />
      <DateField source="created_at" showTime />
    </SimpleShowLayout>
  </Show>
);
