import { smtpTransport } from './mailer.adapter';

describe(smtpTransport.name, () => {
  it('requires STARTTLS for plain smtp:// to any host that is not this machine', () => {
    expect(smtpTransport('smtp://user:pass@smtp.example.ie:587')).toMatchObject({ host: 'smtp.example.ie', port: 587, secure: false, requireTLS: true, ignoreTLS: false, auth: { user: 'user', pass: 'pass' } });
    expect(smtpTransport('smtp://10.0.0.5')).toMatchObject({ port: 25, requireTLS: true });
  });

  it('speaks TLS from the start for smtps://', () => {
    expect(smtpTransport('smtps://smtp.example.ie')).toMatchObject({ port: 465, secure: true, requireTLS: false });
  });

  it.each(['smtp://localhost:1025', 'smtp://127.0.0.1:2525', 'smtp://[::1]:25'])('lets %s (a local catcher) speak plain SMTP', (url) => {
    expect(smtpTransport(url)).toMatchObject({ secure: false, requireTLS: false, ignoreTLS: true });
  });
});
