import { BooleanField, BooleanInput, Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ActionButton } from '../actions';

/** Billing's rows (GET /api/admin/subscriptions, see notes/billing-admin-contract.md). */
const STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'unpaid'].map((id) => ({ id, name: id }));
const euro = (cents: number | null | undefined) => (cents == null ? '' : `€${(cents / 100).toFixed(2)}`);
const refundable = (r: Record<string, unknown>) => !!r.first_paid_at && r.status !== 'canceled';
const REFUND = 'Refund the last payment in full and end this subscription now? Its listings are unpublished.';

export const SubscriptionList = () => (
  <List filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Email" />, <SelectInput key="status" source="status" choices={STATUSES} />, <BooleanInput key="refund" source="refund_requested" label="Refund asked for" />]} sort={{ field: 'id', order: 'DESC' }}>
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="email" />
      <TextField source="plan" />
      <TextField source="status" />
      <FunctionField label="Amount" render={(r: { amount_cents: number }) => euro(r.amount_cents)} />
      <DateField source="started_at" />
      <DateField source="current_period_end" label="Period ends" />
      <BooleanField source="cancel_at_period_end" label="Cancels" />
      <DateField source="refund_requested_at" label="Refund asked" />
      <ActionButton action="refund" label="Refund" confirm={REFUND} when={refundable} />
    </Datagrid>
  </List>
);

export const SubscriptionShow = () => (
  <Show actions={<TopToolbar><ActionButton action="refund" label="Refund" confirm={REFUND} when={refundable} /></TopToolbar>}>
    <SimpleShowLayout>
      <TextField source="email" />
      <TextField source="user_id" />
      <TextField source="plan" />
      <TextField source="status" />
      <FunctionField label="Amount" render={(r: { amount_cents: number }) => euro(r.amount_cents)} />
      <DateField source="started_at" showTime />
      <DateField source="trial_end" showTime />
      <DateField source="first_paid_at" showTime />
      <DateField source="current_period_end" showTime />
      <BooleanField source="cancel_at_period_end" />
      {/* A refund the 30-day guarantee does not cover (not the lister's first payment): the admin decides. */}
      <DateField source="refund_requested_at" label="Refund asked for" showTime />
    </SimpleShowLayout>
  </Show>
);
