import { Login, LoginForm, PasswordInput, required, TextInput } from 'react-admin';

/** react-admin's login page asking for what the API signs in with: the email address (its own field says Username). */
export const LoginPage = () => (
  <Login>
    <LoginForm>
      <TextInput autoFocus source="email" type="email" label="Email" autoComplete="username" validate={required()} />
      <PasswordInput source="password" label="ra.auth.password" autoComplete="current-password" validate={required()} />
    </LoginForm>
  </Login>
);
