import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Development mail catcher for `make start`: accepts every message on SMTP port 1025 (the API's default SMTP_URL)
 * and lists them, newest first, on http://localhost:1080 so a new lister can read the sign-up code.
 */
const SMTP_PORT = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025);
const WEB_PORT = Number(process.env.MAIL_CATCHER_WEB_PORT ?? 1080);
const messages: { at: Date; to: string; subject: string; text: string }[] = [];
const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream)
      .then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).map((a) => a.text).join(', ');
        messages.unshift({ at: new Date(), to, subject: mail.subject ?? '', text: mail.text ?? '' });
        messages.length = Math.min(messages.length, 200);
        console.log(`[mail] to ${to}: ${mail.subject}`);
      })
      .then(() => done(), done);
  },
}).listen(SMTP_PORT, '127.0.0.1');

createServer((_req, res) => {
  const list = messages
    .map((m) => `<article><h2>${esc(m.subject)}</h2><p><b>To:</b> ${esc(m.to)} · ${m.at.toLocaleString('en-IE')}</p><pre>${esc(m.text)}</pre></article>`)
    .join('');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Development mail</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc}pre{white-space:pre-wrap}</style></head>
<body><h1>Development mail</h1>${list || '<p>No mail yet. Sign up on the site and your code appears here.</p>'}</body></html>`);
}).listen(WEB_PORT, '127.0.0.1', () => console.log(`Development mail catcher: SMTP on ${SMTP_PORT}, read mail at http://localhost:${WEB_PORT}`));
