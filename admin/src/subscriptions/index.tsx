import { BooleanField, BooleanInput, DateField, FunctionField, SelectInput, TextField } from 'react-admin';
import { ActionButton } from '../actions';
import { choices, RecordShow, ResourceList, search } from '../lists';

/** Billing's rows (GET /api/admin/subscriptions, see notes/billing-admin-contract.md). */
const STATUSES = choices(['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'unpaid']);
const euro = (cents: number | null | undefined) => (cents == null ? '' : `€${(cents / 100).toFixed(2)}`);
const refundable = (r: Record<string, unknown>) => !!r.first_paid_at && r.status !== 'canceled';
const REFUND = 'Refund the last payment in full and end this subscription now? Its listings are unpublished.';
const refund = <ActionButton key="refund" action="refund" label="Refund" confirm={REFUND} when={refundable} />;
const amount = <FunctionField key="amount" label="Amount" render={(r: { amount_cents: number }) => euro(r.amount_cents)} />;

export const SubscriptionList = () => (
  <ResourceList filters={[search('Email'), <SelectInput key="status" source="status" choices={STATUSES} />, <BooleanInput key="refund" source="refund_requested" label="Refund asked for" />]}>
    <TextField source="id" />
    <TextField source="email" />
    <TextField source="plan" />
    <TextField source="status" />
    {amount}
    <DateField source="started_at" />
    <DateField source="current_period_end" label="Period ends" />
    <BooleanField source="cancel_at_period_end" label="Cancels" />
    <DateField source="refund_requested_at" label="Refund asked" />
    {refund}
  </ResourceList>
);

export const SubscriptionShow = () => (
  <RecordShow actions={refund}>
    <TextField source="email" />
    <TextField source="user_id" />
    <TextField source="plan" />
    <TextField source="status" />
    {amount}
    <DateField source="started_at" showTime />
    <DateField source="trial_end" showTime />
    <DateField source="first_paid_at" showTime />
    <DateField source="current_period_end" showTime />
    <BooleanField source="cancel_at_period_end" />
    {/* A refund the 30-day guarantee does not cover (not the lister's first payment): the admin decides. */}
    <DateField source="refund_requested_at" label="Refund asked for" showTime />
  </RecordShow>
);
