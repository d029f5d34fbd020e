import { Datagrid, DateField, EmailField, List, ReferenceField, SearchInput, Show, SimpleShowLayout, TextField } from 'react-admin';

export const EnquiryList = () => (
  <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: 'id', order: 'DESC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <ReferenceField source="post_id" reference="listings" label="Listing" link="edit" />
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="event_date" />
      <DateField source="created_at" showTime />
    </Datagrid>
  </List>
);

export const EnquiryShow = () => (
  <Show>
    <SimpleShowLayout>
      <ReferenceField source="post_id" reference="listings" label="Listing" link="edit" />
      <TextField source="name" />
      <EmailField source="email" />
      <TextField source="phone" />
      <TextField source="event_date" />
      <TextField source="venue" />
      <TextField source="message" />
      <ReferenceField source="lister_mail_id" reference="mail-outbox" label="Email to the lister" link="show" />
      <DateField source="created_at" showTime />
    </SimpleShowLayout>
  </Show>
);
