import { BooleanField, BooleanInput, Create, Edit, NumberInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { ResourceList, search } from '../lists';

export const CategoryList = () => (
  <ResourceList filters={[search()]} sort={{ field: 'id', order: 'ASC' }} rowClick="edit">
    <TextField source="id" />
    <TextField source="name" />
    <TextField source="name_abbrev" label="Short name" />
    <TextField source="slug" />
    <TextField source="parent" label="Parent group" />
    <BooleanField source="is_primary" />
  </ResourceList>
);

/** The parent group is the id range the id falls in (PARENT_CATEGORIES), so the id is chosen on creation. */
const CategoryFields = () => (
  <>
    <TextInput source="name" validate={required()} />
    <TextInput source="name_abbrev" label="Short name" />
    <TextInput source="slug" validate={required()} />
    <TextInput source="description" multiline fullWidth />
    <TextInput source="svg_path" label="Icon SVG (sanitised when saved)" multiline fullWidth />
    <BooleanInput source="is_primary" />
  </>
);

export const CategoryEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <TextField source="parent" label="Parent group" />
      <CategoryFields />
    </SimpleForm>
  </Edit>
);

export const CategoryCreate = () => (
  <Create>
    <SimpleForm>
      <NumberInput source="id" label="Id (places it in its parent group)" validate={required()} />
      <CategoryFields />
    </SimpleForm>
  </Create>
);
