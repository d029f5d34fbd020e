import {
  ArrayInput,
  AutocompleteInput,
  SimpleFormIterator,
  FormDataConsumer,
  BooleanField,
  BooleanInput,
  DateField,
  Edit,
  NullableBooleanInput,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  SaveButton,
  Title,
  Toolbar,
  required,
} from 'react-admin';
import { EXTRA_UNITS } from '@directory/domain';
import { ActionButton } from '../actions';
import { choices, ResourceList, search } from '../lists';

const STATUSES = choices(['publish', 'draft', 'pending', 'private']);
const orNull = (v: string) => v || null;
const PRICES = choices(['free', 'nominal_charge', 'charge']);
const EXTRA_PER = choices([...EXTRA_UNITS]);

/**
 * The API stamps a breakdown's confirmed_on itself and refuses it in a write; an unchanged breakdown is left out, so
 * saving other fields does not confirm the prices again.
 */
const withoutConfirmedOn = (data: Record<string, unknown>, options?: { previousData?: Record<string, unknown> }) => {
  const details = data.price_details as Record<string, unknown> | null | undefined;
  if (!details) return data;
  if (JSON.stringify(details) === JSON.stringify(options?.previousData?.price_details)) {
    const { price_details: _unchanged, ...rest } = data;
    return rest;
  }
  const { confirmed_on: _stamped, ...input } = details;
  return { ...data, price_details: input };
};

/** What the price includes: amounts in cents, as the API takes them; inclusions are the site's keys. */
const PriceDetailsInputs = () => (
  <FormDataConsumer>
    {({ formData }) =>
      formData.price_details ? (
        <>
          <NumberInput source="price_details.from_cents" label="From (cents; empty: on request)" min={0} parse={(v: string) => (v === '' || v === null ? null : Number(v))} />
          <ArrayInput source="price_details.includes" label="Included (key: rehearsal, arrival, ceremony, requests, pa; session, pupils, materials)">
            <SimpleFormIterator inline>
              <TextInput source="key" />
              <NumberInput source="quantity" label="Quantity (empty for yes/no)" min={1} parse={(v: string) => (v === '' || v === null ? null : Number(v))} />
            </SimpleFormIterator>
          </ArrayInput>
          <ArrayInput source="price_details.extras" label="Extras">
            <SimpleFormIterator inline>
              <TextInput source="label" />
              <NumberInput source="cents" min={0} />
              <SelectInput source="per" choices={EXTRA_PER} />
            </SimpleFormIterator>
          </ArrayInput>
          <NumberInput source="price_details.travel_free_km" label="Travel free within (km)" min={0} parse={(v: string) => (v === '' || v === null ? null : Number(v))} />
          <NumberInput source="price_details.travel_cents_per_km" label="Then cents per km" min={0} parse={(v: string) => (v === '' || v === null ? null : Number(v))} />
          <BooleanInput source="price_details.vat_included" label="VAT included" />
          <NumberInput source="price_details.deposit_cents" label="Deposit (cents)" min={0} parse={(v: string) => (v === '' || v === null ? null : Number(v))} />
        </>
      ) : null
    }
  </FormDataConsumer>
);

const filters = [
  search('Title, slug or area'),
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

const columns = [
  <TextField key="id" source="id" />,
  <TextField key="title" source="title" />,
  <TextField key="status" source="status" />,
  <ReferenceField key="category_id" source="category_id" reference="categories" label="Category" link={false} />,
  <TextField key="county_id" source="county_id" label="County" />,
  <ReferenceField key="owner_id" source="owner_id" reference="users" label="Owner" link="edit" />,
  <BooleanField key="hidden" source="hidden" />,
  <DateField key="created_at" source="created_at" />,
  <HideButtons key="hide" />,
];

export const ListingList = () => (
  <ResourceList filters={filters} rowClick="edit">
    {columns}
  </ResourceList>
);

/** The listings nobody but admins sees, a view of its own (menu "Hidden listings"). */
export const HiddenListings = () => (
  <>
    <Title title="Hidden listings" />
    <ResourceList resource="listings" filter={{ hidden: true }} title="Hidden listings" disableSyncWithLocation rowClick="edit">
      {columns}
    </ResourceList>
  </>
);

/** No delete: a listing goes with its owner's account, or is hidden or unpublished. */
const ListingToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export const ListingEdit = () => (
  <Edit mutationMode="pessimistic" actions={<HideButtons />} transform={withoutConfirmedOn}>
    <SimpleForm toolbar={<ListingToolbar />}>
      <TextInput source="title" validate={required()} fullWidth />
      <TextInput source="slug" validate={required()} fullWidth />
      <SelectInput source="status" choices={STATUSES} validate={required()} />
      <ReferenceInput source="category_id" reference="categories">
        <AutocompleteInput label="Category" optionText="name" validate={required()} />
      </ReferenceInput>
      <NumberInput source="county_id" label="County id" validate={required()} />
      <SelectInput source="price" choices={PRICES} validate={required()} />
      <PriceDetailsInputs />
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
