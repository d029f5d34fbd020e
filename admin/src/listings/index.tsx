import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Datagrid,
  DateField,
  Edit,
  List,
  NullableBooleanInput,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  SaveButton,
  Title,
  Toolbar,
  required,
} from 'react-admin';
import { ActionButton } from '../actions';

const STATUSES = ['publish', 'draft', 'pending', 'private'].map((id) => ({ id, name: id }));
const orNull = (v: string) => v || null;
const PRICES = ['free', 'nominal_charge', 'charge'].map((id) => ({ id, name: id }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title, slug or area" />,
  <SelectInput key="status" source="status" choices={STATUSES} />,
  <ReferenceInput key="category" source="category_id" reference="categories">
    <AutocompleteInput label="Category" optionText="name" />
  </ReferenceInput>,
  <NumberInput key="county" source="county_id" label="County id" />,
  <ReferenceInput key="owner" source="owner_id" reference="users">
    <AutocompleteInput label="Owner" optionText="email" />
  </ReferenceInput>,
  <NullableBooleanInput key="hidden" source="hidden" />,
];

/** Hide sets the reserved slug_extract (nobody but admins sees the listing); unhide puts its own back. */
export const HideButtons = () => (
  <>
    <ActionButton action="hide" label="Hide" when={(r) => !r.hidden} />
    <ActionButton action="unhide" label="Unhide" when={(r) => !!r.hidden} />
  </>
);

const ListingGrid = () => (
  <Datagrid rowClick="edit" bulkActionButtons={false}>
    <TextField source="id" />
    <TextField source="title" />
    <TextField source="status" />
    <ReferenceField source="category_id" reference="categories" label="Category" link={false} />
    <TextField source="county_id" label="County" />
    <ReferenceField source="owner_id" reference="users" label="Owner" link="edit" />
    <BooleanField source="hidden" />
    <DateField source="created_at" />
    <HideButtons />
  </Datagrid>
);

export const ListingList = () => (
  <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
    <ListingGrid />
  </List>
);

/** The listings nobody but admins sees, a view of its own (menu "Hidden listings"). */
export const HiddenListings = () => (
  <>
    <Title title="Hidden listings" />
    <List resource="listings" filter={{ hidden: true }} sort={{ field: 'id', order: 'DESC' }} title="Hidden listings" disableSyncWithLocation>
      <ListingGrid />
    </List>
  </>
);

/** No delete: a listing goes with its owner's account, or is hidden or unpublished. */
const ListingToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export const ListingEdit = () => (
  <Edit mutationMode="pessimistic" actions={<HideButtons />}>
    <SimpleForm toolbar={<ListingToolbar />}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} fullWidth />
      <SelectInput source="status" choices={STATUSES} validate={required()} />
      <ReferenceInput source="category_id" reference="categories">
        <AutocompleteInput label="Category" optionText="name" validate={required()} />
      </ReferenceInput>
      <NumberInput source="county_id" label="County id" validate={required()} />
      <SelectInput source="price" choices={PRICES} validate={required()} />
      <TextInput source="area" />
      <ReferenceInput source="owner_id" reference="users">
        <AutocompleteInput label="Owner" optionText="email" parse={orNull} />
      </ReferenceInput>
      {/* Empty means none: the API takes null, not an empty id or address. */}
      <TextInput source="youtube1_id" label="YouTube video id" parse={orNull} />
      <TextInput source="featured_audio_url" label="Featured audio URL" fullWidth parse={orNull} />
      <NumberInput source="latitude" />
      <NumberInput source="longitude" />
      <BooleanInput source="has_location" />
      <BooleanInput source="hidden" label="Hidden from everyone but admins" />
      <TextInput source="content" multiline fullWidth minRows={6} />
    </SimpleForm>
  </Edit>
);
