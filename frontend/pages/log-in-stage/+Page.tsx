import { LoginForm } from '../../components/LoginForm';
import { STAGE_OK_KEY } from '../../lib/session-keys';

/** Stage login: on success staging navigation is allowed and the visitor goes home. */
export default function Page() {
  return (
    <section className="page-narrow auth-page">
      <h1>Log into the STAGE Env.</h1>
      <LoginForm
        submitLabel="Access STAGE"
        onSuccess={() => {
          sessionStorage.setItem(STAGE_OK_KEY, '1');
          window.location.href = '/';
        }}
      />
    </section>
  );
}
