import { DEMO_ADMIN_EMAIL, makeAdmin, seedDemoAdmin } from '../src/modules/admin/make-admin';
import { UserEntity } from '../src/modules/users/user.entity';
import { accountsApp, PASSWORD } from './support/accounts';
import { signIn, type TestApp } from './support/app';

/** Accounts as the back office changes them: disabled, flagged for a password change, made admin from the command line. */
describe('admin and accounts', () => {
  let t: TestApp;
  const { ctx, member } = accountsApp({ SITE_ORIGIN: 'http://localhost:8080' });
  let admin: { token: string };
  beforeAll(async () => {
    t = ctx.t;
    admin = await signIn(t, 'admin', 'chief@example.ie');
  });
  const put = (id: number, body: object) => t.http().put(`/api/admin/users/${id}`).set('Authorization', `Bearer ${admin.token}`).send(body).expect(200);
  const login = (email: string, password = PASSWORD) => t.http().post('/login/').send({ email, password });

  it('a disabled member cannot log in or refresh; enabled again, they can log in', async () => {
    const m = await member();
    await put(m.user.id, { disabled: true });
    expect((await login(m.email).expect(401)).body.code).toBe('invalid_credentials');
    expect((await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(401)).body.code).toBe('session_ended');
    await put(m.user.id, { disabled: false });
    await login(m.email).expect(200);
  });

  it('a member flagged by an admin meets password_change_needed at login and refresh', async () => {
    const m = await member();
    await put(m.user.id, { password_change_needed: true });
    expect((await login(m.email).expect(403)).body).toMatchObject({ code: 'password_change_needed', message: 'Password change needed!' });
    expect((await t.http().post('/token/refresh/').send({ refresh: m.refresh }).expect(401)).body.code).toBe('password_change_needed');
  });

  it('admin:create promotes or creates an admin with a one-time link that sets the password', async () => {
    const m = await member();
    const promoted = await makeAdmin(t.ds, t.config, m.email.toUpperCase());
    expect(promoted.created).toBe(false);
    expect((await t.ds.getRepository(UserEntity).findOneByOrFail({ email: m.email })).role).toBe('admin');
    const made = await makeAdmin(t.ds, t.config, ' New.Admin@Example.ie ');
    expect(made.created).toBe(true);
    const url = new URL(made.link);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:8080/password-reset-step2');
    const email = url.searchParams.get('email')!;
    const token = url.searchParams.get('token')!;
    expect(email).toBe('new.admin@example.ie');
    await t.http().post('/password-reset/').send({ email, token, password: 'Str0ng-admin-pass' }).expect(200);
    const res = await login(email, 'Str0ng-admin-pass').expect(200);
    expect(res.body.user.role).toBe('admin');
    await t.http().post('/password-reset/').send({ email, token, password: 'Another-pass-123' }).expect(400);
    await expect(makeAdmin(t.ds, t.config, 'not-an-email')).rejects.toThrow(/--email/);
  });

  it('the demo admin is seeded once, with a password that logs in', async () => {
    const demo = await seedDemoAdmin(t.ds);
    expect(demo?.email).toBe(DEMO_ADMIN_EMAIL);
    expect(await seedDemoAdmin(t.ds)).toBeNull();
    const res = await login(DEMO_ADMIN_EMAIL, demo!.password).expect(200);
    expect(res.body.user.role).toBe('admin');
  });
});
