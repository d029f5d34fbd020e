import { CoverInput } from './CoverInput';
import { Create, DateField, DateTimeInput, Edit, SelectInput, SimpleForm, TextField, TextInput, required } from 'react-admin';
import { ResourceList, search } from '../lists';

const STATUSES = [
  { id: 'publish', name: 'published' },
  { id: 'draft', name: 'draft' },
];

export const ArticleList = () => (
  <ResourceList filters={[search(), <SelectInput key="status" source="status" choices={STATUSES} />]} sort={{ field: 'published_at', order: 'DESC' }} rowClick="edit">
    <TextField source="id" />
    <TextField source="title" />
    <TextField source="slug" />
    <TextField source="status" />
    <DateField source="published_at" />
  </ResourceList>
);

/** Content is HTML, kept to the site's allowlist by the API when saved. */
const ArticleForm = ({ withCover = false }: { withCover?: boolean }) => (
  <SimpleForm>
    {withCover && <CoverInput />}
    <TextInput source="title" validate={required()} fullWidth />
    <TextInput source="slug" validate={required()} fullWidth />
    <TextInput source="author" />
    <SelectInput source="status" choices={STATUSES} />
    <DateTimeInput source="published_at" />
    <TextInput source="excerpt" multiline fullWidth />
    <TextInput source="content" label="Content (HTML)" multiline fullWidth minRows={10} />
  </SimpleForm>
);

export const ArticleEdit = () => (
  <Edit mutationMode="pessimistic">
    <ArticleForm withCover />
  </Edit>
);

export const ArticleCreate = () => (
  <Create>
    <ArticleForm />
  </Create>
);
