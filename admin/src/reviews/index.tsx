import { ADMIN_REVIEW_STATES, REVIEW_REPORT_REASON_TEXTS, REVIEW_REPORT_REASONS, type ReviewReportReason } from '@directory/domain';
import { useState } from 'react';
import { Button, DateField, EmailField, FunctionField, NumberField, ReferenceField, SelectInput, TextField, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { RecordShow, ResourceList, search } from '../lists';

/** The reviews (GET /api/admin/reviews, docs/reviews.md): filtered by state, removed only for a report's reasons. */
const STATES = ADMIN_REVIEW_STATES.map((id) => ({ id, name: id }));
const REASONS = REVIEW_REPORT_REASONS.map((id) => ({ id, name: REVIEW_REPORT_REASON_TEXTS[id] }));
const reasonText = (reason: ReviewReportReason | null | undefined) => (reason ? REVIEW_REPORT_REASON_TEXTS[reason] : '');

const filters = [search('Text, name or listing'), <SelectInput key="state" source="state" choices={STATES} alwaysOn />];

const listing = <ReferenceField key="post_id" source="post_id" reference="listings" label="Listing" link="edit" />;
const report = <FunctionField key="report" label="Report" render={(r: { report: { reason: ReviewReportReason } | null }) => reasonText(r.report?.reason)} />;

interface ReviewRecord {
  id: number;
  status: 'held' | 'published' | 'removed';
  report: { reason: ReviewReportReason } | null;
}

/**
 * Remove a review for one of the report reasons (the API records it in the audit log and emails the reviewer why), or
 * publish it: keep a reported one (its report cleared) or restore a removed one.
 */
function ReviewDecision() {
  const record = useRecordContext<ReviewRecord>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState<ReviewReportReason | ''>('');
  if (!record) return null;
  const decide = (data: { status: 'removed' | 'published'; removal_reason?: ReviewReportReason }, done: string) =>
    update(
      'reviews',
      { id: record.id, data, previousData: {} },
      {
        onSuccess: () => {
          notify(done, { type: 'info' });
          refresh();
        },
        onError: (err) => notify((err as Error).message || 'That did not work', { type: 'error' }),
      },
    );
  const restore = record.status === 'removed' || record.report;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      {record.status !== 'removed' && (
        <>
          <label>
            Reason{' '}
            <select value={reason} onChange={(e) => setReason(e.target.value as ReviewReportReason)} aria-label={`Removal reason: review ${record.id}`}>
              <option value="">Choose…</option>
              {REASONS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
          <Button
            label="Remove"
            aria-label={`Remove: review ${record.id}`}
            disabled={isPending || !reason}
            onClick={() => reason && window.confirm('Remove this review? The reviewer is emailed the reason.') && decide({ status: 'removed', removal_reason: reason }, 'Review removed')}
          />
        </>
      )}
      {restore && (
        <Button
          label={record.status === 'removed' ? 'Restore' : 'Keep'}
          aria-label={`${record.status === 'removed' ? 'Restore' : 'Keep'}: review ${record.id}`}
          disabled={isPending}
          onClick={() => decide({ status: 'published' }, record.status === 'removed' ? 'Review restored' : 'Report cleared: review kept')}
        />
      )}
    </div>
  );
}

export const ReviewList = () => (
  <ResourceList filters={filters} filterDefaultValues={{ state: 'reported' }}>
    <TextField source="id" />
    {listing}
    <NumberField source="rating" />
    <TextField source="first_name" label="Reviewer" />
    <TextField source="status" />
    {report}
    <DateField source="held_until" label="Held until" />
    <DateField source="created_at" showTime />
    <ReviewDecision />
  </ResourceList>
);

export const ReviewShow = () => (
  <RecordShow actions={<ReviewDecision />}>
    {listing}
    <TextField source="status" />
    <NumberField source="rating" />
    <FunctionField label="Sub-ratings" render={(r: { ratings: Record<string, number> }) => Object.entries(r.ratings ?? {}).map(([k, v]) => `${k}: ${v}`).join(', ')} />
    <TextField source="text" />
    <TextField source="first_name" label="Reviewer" />
    <TextField source="county" />
    <EmailField source="reviewer_email" label="Reviewer's email" />
    <TextField source="label" />
    <TextField source="year_group" />
    <NumberField source="class_size" />
    <FunctionField label="Reply" render={(r: { reply: { text: string } | null }) => r.reply?.text ?? ''} />
    {report}
    <TextField source="report_note" label="The lister's note" />
    <FunctionField label="Removed because" render={(r: { removal_reason: ReviewReportReason | null }) => reasonText(r.removal_reason)} />
    <DateField source="held_until" showTime />
    <DateField source="published_at" showTime />
    <DateField source="removed_at" showTime />
    <DateField source="created_at" showTime />
  </RecordShow>
);
