import { Admin, CustomRoutes, Resource } from 'react-admin';
import { theme } from './theme';
import { BrowserRouter, Route } from 'react-router-dom';
import { ArticleCreate, ArticleEdit, ArticleList } from './articles';
import { AuditList, AuditShow } from './audit-log';
import { CategoryCreate, CategoryEdit, CategoryList } from './categories';
import { ContactMessageList, ContactMessageShow } from './contact-messages';
import { CrosswordEntryList, CrosswordEntryShow } from './crossword-entries';
import { Dashboard } from './dashboard/Dashboard';
import { EnquiryList, EnquiryShow } from './enquiries';
import { FreeForLifeList, FreeForLifeShow } from './free-for-life';
import { AdminLayout } from './Layout';
import { HiddenListings, ListingEdit, ListingList } from './listings';
import { MailList, MailShow } from './mail-outbox';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { SubscriptionList, SubscriptionShow } from './subscriptions';
import { UserEdit, UserList } from './users';

/** The back office at a glance: one resource per line, each in its own folder. */
export function App() {
  // Real paths under /admin/ (the servers answer index.html for each), rather than react-admin's default #/ paths.
  return (
    <BrowserRouter basename="/admin">
      <Admin title="Directory admin" authProvider={authProvider} dataProvider={createDataProvider()} dashboard={Dashboard} layout={AdminLayout} theme={theme} requireAuth disableTelemetry>
        <Resource name="users" list={UserList} edit={UserEdit} recordRepresentation="email" />
        <Resource name="listings" list={ListingList} edit={ListingEdit} recordRepresentation="title" />
        <Resource name="categories" list={CategoryList} edit={CategoryEdit} create={CategoryCreate} recordRepresentation="name" />
        <Resource name="articles" list={ArticleList} edit={ArticleEdit} create={ArticleCreate} recordRepresentation="title" />
        <Resource name="enquiries" list={EnquiryList} show={EnquiryShow} />
        <Resource name="contact-messages" options={{ label: 'Contact messages' }} list={ContactMessageList} show={ContactMessageShow} />
        <Resource name="crossword-entries" options={{ label: 'Crossword entries' }} list={CrosswordEntryList} show={CrosswordEntryShow} />
        <Resource name="subscriptions" list={SubscriptionList} show={SubscriptionShow} />
        <Resource name="free-for-life-applications" options={{ label: 'Free for life' }} list={FreeForLifeList} show={FreeForLifeShow} />
        <Resource name="mail-outbox" options={{ label: 'Mail outbox' }} list={MailList} show={MailShow} />
        <Resource name="audit-log" options={{ label: 'Audit log' }} list={AuditList} show={AuditShow} />
        <CustomRoutes>
          <Route path="/hidden-listings" element={<HiddenListings />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
