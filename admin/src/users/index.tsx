import { NullableBooleanInput, BooleanField, BooleanInput, Datagrid, DateField, DeleteWithConfirmButton, Edit, EmailField, List, SearchInput, SelectInput, SimpleForm, TextField, TextInput, Toolbar, SaveButton, required, email } from 'react-admin';

const ROLES = [
  { id: 'member', name: 'member' },
  { id: 'admin', name: 'admin' },
];

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Email or name" />, <SelectInput key="role" source="role" choices={ROLES} />, <NullableBooleanInput key="disabled" source="disabled" />, <NullableBooleanInput key="free_for_life" source="free_for_life" />];

export const UserList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <EmailField source="email" />
      <TextField source="first_name" />
      <TextField source="last_name" />
      <TextField source="role" />
      <BooleanField source="password_change_needed" label="Password change" />
      <BooleanField source="free_for_life" />
      <BooleanField source="disabled" />
      <DateField source="created_at" label="Joined" />
    </Datagrid>
  </List>
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
