import type { AccountDto } from '@directory/domain';
import { useEffect, useState } from 'react';
import { SubscriptionSummary } from '../../../components/billing/SubscriptionSummary';
import { AccountDetails, DeleteAccount, DownloadData, EmailChange, PasswordChange } from '../../../components/cp/AccountForms';
import { useCpApi } from '../../../components/cp/useCpApi';
import { FormMessage } from '../../../components/Field';

/**
 * The member's account: name and username, email (confirmed by a code), password, the subscription (cancelled or
 * resumed here, as the spec places cancelling in the Account section, and on /cp/subscription, which its summary links
 * to with the refund and the portal), their data, and deleting it all.
 */
export default function Page() {
  const api = useCpApi();
  const [account, setAccount] = useState<AccountDto | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api.me().then((a) => (a.ok ? setAccount(a.body) : setFailed(true)));
  }, [api]);
  return (
    <section>
      <h1>Account</h1>
      <FormMessage text={failed ? 'Your account could not be loaded. Please reload the page.' : undefined} />
      {!account && !failed && <p className="muted">Loading your account…</p>}
      {account && (
        <>
          <AccountDetails account={account} onSaved={setAccount} />
          <EmailChange account={account} onSaved={setAccount} />
          <PasswordChange account={account} />
          <SubscriptionSummary cancel />
          <DownloadData account={account} />
          <DeleteAccount account={account} />
        </>
      )}
    </section>
  );
}
