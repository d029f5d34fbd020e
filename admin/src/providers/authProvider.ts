import type { AuthProvider } from 'react-admin';
import { getConfig } from '../config';
import { accessToken, authFetch, forget, keep, postJson, SessionAnswer } from './session';

const MESSAGES: Record<string, string> = {
  invalid_credentials: 'Those details are wrong!',
  password_change_needed: 'Password change needed! Use "Forgot password" on the site first.',
  too_many_attempts: 'Too many attempts. Please wait 15 minutes and try again.',
};

interface Me {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
}

/** Who is signed in, as the API says (GET /api/me/): the role in the token is never trusted on its own. */
async function me(): Promise<Me | null> {
  if (!accessToken()) return null;
  const res = await authFetch(`${getConfig().apiOrigin}/api/me/`);
  return res.ok ? ((await res.json()) as Me) : null;
}

const NOT_ADMIN = 'This account is not an admin account.';

/** The API's login and refresh calls, as the site uses them; only accounts with the admin role are let in. */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const answer = await postJson('/login/', { email: email.trim().toLowerCase(), username: email, password });
    if (answer.status !== 200) throw new Error(MESSAGES[String(answer.body.code)] ?? String(answer.body.message ?? 'Login failed'));
    const session = answer.body as unknown as SessionAnswer;
    if (session.user.role !== 'admin') {
      // The member's fresh session is ended at once: it is of no use here.
      await postJson('/logout/', { refresh: session.refresh });
      throw new Error(NOT_ADMIN);
    }
    keep(session);
  },
  async logout() {
    const refresh = sessionStorage.getItem('admin_refresh');
    forget();
    if (refresh) await postJson('/logout/', { refresh }).catch(() => undefined);
  },
  async checkAuth() {
    const user = await me();
    if (!user || user.role !== 'admin') {
      forget();
      throw new Error(user ? NOT_ADMIN : 'Please log in');
    }
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      throw new Error('Your session has ended. Please log in again.');
    }
  },
  async getIdentity() {
    const user = await me();
    if (!user) throw new Error('Please log in');
    // No fullName: react-admin then shows its user menu as an icon button named "Profile"; with a name on the button
    // and "Profile" as its label, the visible text and the accessible name would differ (WCAG 2.5.3).
    return { id: user.id };
  },
  async getPermissions() {
    return 'admin';
  },
};
