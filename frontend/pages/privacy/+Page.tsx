import { usePageContext } from 'vike-react/usePageContext';
import { LegalPage } from '../../components/LegalPage';
import { COPY } from '../../lib/copy';

export default function Page() {
  const { site } = usePageContext();
  const name = COPY[site.site].siteName;
  return (
    <LegalPage title="Privacy Policy">
      <h2>Who we are</h2>
      <p>{name} runs this directory and is the controller of the personal data described here.</p>
      <h2>What we collect</h2>
      <ul>
        <li>Members: name, email, a securely hashed password, profile content and subscription details.</li>
        <li>Enquiries and contact messages: the name, email, phone, event details and message you send, which we pass to the member or our team.</li>
        <li>With your consent only: analytics and advertising cookies, as chosen in the cookie notice.</li>
      </ul>
      <h2>Why</h2>
      <p>To run your account and listing, deliver enquiries, answer messages, take payments, and, if you agree, to measure and improve the site.</p>
      <h2>How long</h2>
      <p>Account data is kept while your account is open; enquiries and messages for up to two years.</p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or deletion, or object to its use: <a href="/contact">contact us</a>. You may also complain to the Data Protection Commission.
      </p>
    </LegalPage>
  );
}
