import { NullableBooleanInput, BooleanField, BooleanInput, DateField, DeleteWithConfirmButton, Edit, EmailField, SelectInput, SimpleForm, TextField, TextInput, Toolbar, SaveButton, required, email } from 'react-admin';
import { choices, ResourceList, search } from '../lists';

const ROLES = choices(['member', 'admin']);

const filters = [search('Email or name'), <SelectInput key="role" source="role" choices={ROLES} />, <NullableBooleanInput key="disabled" source="disabled" />, <NullableBooleanInput key="free_for_life" source="free_for_life" />];

export const UserList = () => (
  <ResourceList filters={filters} rowClick="edit">
    <TextField source="id" />
    <EmailField source="email" />
    <TextField source="first_name" />
    <TextField source="last_name" />
    <TextField source="role" />
    <BooleanField source="password_change_needed" label="Password change" />
    <BooleanField source="free_for_life" />
    <BooleanField source="disabled" />
    <DateField source="created_at" label="Joined" />
  </ResourceList>
);

const UserToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteWithConfirmButton confirmContent="The account and all its listings, enquiries and statistics are deleted for good." />
  </Toolbar>
);

/** Free for life is for cliste organisations: the API refuses it on other sites with a message on the field. */
export const UserEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm toolbar={<UserToolbar />}>
      <TextInput source="first_name" validate={required()} />
      <TextInput source="last_name" validate={required()} />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <SelectInput source="role" choices={ROLES} validate={required()} />
      <BooleanInput source="password_change_needed" label="Password change needed at next login" />
      <BooleanInput source="free_for_life" label="Free for life (cliste only)" />
      <BooleanInput source="disabled" label="Disabled (cannot log in)" />
    </SimpleForm>
  </Edit>
);
