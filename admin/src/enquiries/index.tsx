import { EmailField, ReferenceField, TextField } from 'react-admin';
import { createdAt, RecordShow, ResourceList, search } from '../lists';

const listing = <ReferenceField key="post_id" source="post_id" reference="listings" label="Listing" link="edit" />;

export const EnquiryList = () => (
  <ResourceList filters={[search()]}>
    <TextField source="id" />
    {listing}
    <TextField source="name" />
    <EmailField source="email" />
    <TextField source="event_date" />
    {createdAt}
  </ResourceList>
);

export const EnquiryShow = () => (
  <RecordShow>
    {listing}
    <TextField source="name" />
    <EmailField source="email" />
    <TextField source="phone" />
    <TextField source="event_date" />
    <TextField source="venue" />
    <TextField source="message" />
    <ReferenceField source="lister_mail_id" reference="mail-outbox" label="Email to the lister" link="show" />
    {createdAt}
  </RecordShow>
);
