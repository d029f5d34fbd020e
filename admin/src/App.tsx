import { ComponentType, JSX, lazy, Suspense } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { theme } from './theme';
import { BrowserRouter, Route } from 'react-router-dom';
import { AdminLayout } from './Layout';
import { LoginPage } from './LoginPage';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';

/**
 * Each screen is its own chunk, fetched when first opened: the first load (the login page, the layout) carries
 * react-admin's shell only, not every list, form and chart of the back office.
 */
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): () => JSX.Element {
  const Lazy = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  const Screen = () => (
    // Plain text while the chunk loads: react-admin's <Loading> spinner has no accessible name (axe-core).
    <Suspense fallback={<p role="status">Loading…</p>}>
      <Lazy />
    </Suspense>
  );
  Screen.displayName = name;
  return Screen;
}

const users = () => import('./users');
const listings = () => import('./listings');
const categories = () => import('./categories');
const articles = () => import('./articles');
const enquiries = () => import('./enquiries');
const reviews = () => import('./reviews');
const contactMessages = () => import('./contact-messages');
const crosswordEntries = () => import('./crossword-entries');
const subscriptions = () => import('./subscriptions');
const freeForLife = () => import('./free-for-life');
const mail = () => import('./mail-outbox');
const audit = () => import('./audit-log');

const Dashboard = screen(() => import('./dashboard/Dashboard'), 'Dashboard');
const UserList = screen(users, 'UserList');
const UserEdit = screen(users, 'UserEdit');
const ListingList = screen(listings, 'ListingList');
const ListingEdit = screen(listings, 'ListingEdit');
const HiddenListings = screen(listings, 'HiddenListings');
const CategoryList = screen(categories, 'CategoryList');
const CategoryEdit = screen(categories, 'CategoryEdit');
const CategoryCreate = screen(categories, 'CategoryCreate');
const ArticleList = screen(articles, 'ArticleList');
const ArticleEdit = screen(articles, 'ArticleEdit');
const ArticleCreate = screen(articles, 'ArticleCreate');
const EnquiryList = screen(enquiries, 'EnquiryList');
const EnquiryShow = screen(enquiries, 'EnquiryShow');
const ReviewList = screen(reviews, 'ReviewList');
const ReviewShow = screen(reviews, 'ReviewShow');
const ContactMessageList = screen(contactMessages, 'ContactMessageList');
const ContactMessageShow = screen(contactMessages, 'ContactMessageShow');
const CrosswordEntryList = screen(crosswordEntries, 'CrosswordEntryList');
const CrosswordEntryShow = screen(crosswordEntries, 'CrosswordEntryShow');
const SubscriptionList = screen(subscriptions, 'SubscriptionList');
const SubscriptionShow = screen(subscriptions, 'SubscriptionShow');
const FreeForLifeList = screen(freeForLife, 'FreeForLifeList');
const FreeForLifeShow = screen(freeForLife, 'FreeForLifeShow');
const MailList = screen(mail, 'MailList');
const MailShow = screen(mail, 'MailShow');
const AuditList = screen(audit, 'AuditList');
const AuditShow = screen(audit, 'AuditShow');

/** The back office at a glance: one resource per line, each in its own folder. */
export function App() {
  // Real paths under /admin/ (the servers answer index.html for each), rather than react-admin's default #/ paths.
  // Location changes apply at once, as in the router react-admin makes itself (v7_startTransition off). As React
  // transitions, react-admin's move of a signed-out visitor to /login kept being overtaken: the query cache it clears
  // with the move made the page still shown check the session again and move to /login again, thousands of times.
  return (
    <BrowserRouter basename="/admin" useTransitions={false}>
      <Admin title="Directory admin" authProvider={authProvider} dataProvider={createDataProvider()} dashboard={Dashboard} layout={AdminLayout} loginPage={LoginPage} theme={theme} requireAuth disableTelemetry>
        <Resource name="users" list={UserList} edit={UserEdit} recordRepresentation="email" />
        <Resource name="listings" list={ListingList} edit={ListingEdit} recordRepresentation="title" />
        <Resource name="categories" list={CategoryList} edit={CategoryEdit} create={CategoryCreate} recordRepresentation="name" />
        <Resource name="articles" list={ArticleList} edit={ArticleEdit} create={ArticleCreate} recordRepresentation="title" />
        <Resource name="enquiries" list={EnquiryList} show={EnquiryShow} />
        <Resource name="reviews" list={ReviewList} show={ReviewShow} />
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
