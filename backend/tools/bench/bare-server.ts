import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** The baseline of the benchmark: plain node:http answering the API's own JSON bodies from memory. */
const [bodyFile, port] = process.argv.slice(2);
const bodies: Record<string, string> = JSON.parse(readFileSync(bodyFile, 'utf8'));

createServer((req, res) => {
  const body = bodies[req.url ?? ''];
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(port), '127.0.0.1');
