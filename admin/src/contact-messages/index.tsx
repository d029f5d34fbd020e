import { ReferenceField, TextField } from 'react-admin';
import { createdAt, personFields, RecordShow, ResourceList, search } from '../lists';

export const ContactMessageList = () => (
  <ResourceList filters={[search()]}>
    <TextField source="id" />
    {personFields}
    {createdAt}
  </ResourceList>
);

export const ContactMessageShow = () => (
  <RecordShow>
    {personFields}
    <TextField source="message" />
    <ReferenceField source="mail_id" reference="mail-outbox" label="Email to the team" link="show" />
    {createdAt}
  </RecordShow>
);
