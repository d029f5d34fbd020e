import type { ReactElement, ReactNode } from 'react';
import { Datagrid, DateField, EmailField, List, SearchInput, Show, SimpleShowLayout, TextField, TopToolbar, type ListProps } from 'react-admin';

/**
 * The parts every resource's screens are built from: a list, a read-only record, the search box, choices and the
 * fields several resources show. A screen names its own columns and filters and takes the rest from here.
 */

/** Choices for a SelectInput whose values read as they are: ['draft'] gives [{ id: 'draft', name: 'draft' }]. */
export const choices = (ids: readonly string[]) => ids.map((id) => ({ id, name: id }));

/** The search box a list leads with: `q`, which the API matches against the resource's search columns. */
export const search = (placeholder?: string) => <SearchInput key="q" source="q" alwaysOn {...(placeholder && { placeholder })} />;

type ResourceListProps = Omit<ListProps, 'children'> & { rowClick?: 'show' | 'edit'; children: ReactNode };

/**
 * A resource's list, newest first unless `sort` says otherwise: a grid whose rows open the record (its page, or its
 * form where it is editable) and no bulk actions, since every change goes one record at a time through the audit log.
 */
export function ResourceList({ rowClick = 'show', sort = { field: 'id', order: 'DESC' }, children, ...list }: ResourceListProps) {
  return (
    <List sort={sort} {...list}>
      <Datagrid rowClick={rowClick} bulkActionButtons={false}>
        {children}
      </Datagrid>
    </List>
  );
}

/** A read-only record: its fields one under another, and its buttons (if any) above them. */
export function RecordShow({ actions, children }: { actions?: ReactElement; children: ReactNode }) {
  return (
    <Show actions={actions && <TopToolbar>{actions}</TopToolbar>}>
      <SimpleShowLayout>{children}</SimpleShowLayout>
    </Show>
  );
}

/** Who wrote in (a contact message, a crossword entry). Arrays, not a component: a grid reads each field's props. */
export const personFields = [<TextField key="first_name" source="first_name" />, <TextField key="last_name" source="last_name" />, <EmailField key="email" source="email" />];

/** When a record was made, to the minute. */
export const createdAt = <DateField key="created_at" source="created_at" showTime />;
