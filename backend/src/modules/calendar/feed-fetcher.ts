import { Injectable } from '@nestjs/common';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';

/** A feed that could not be read, with the sentence the control panel shows the lister. */
export class FeedError extends Error {}

const MAX_REDIRECTS = 3;

/** Addresses a feed may never be fetched from: loopback, private, link-local, carrier-grade NAT, multicast, reserved. */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32]] as const) BLOCKED.addSubnet(net, prefix, 'ipv6');

/** Whether a feed may be fetched from this address (an IPv4 address mapped into IPv6 is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]);
  const family = isIP(address);
  if (!family) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Fetches a calendar feed a lister gave: the first place the server fetches a URL a user chose, so it is bounded.
 * http and https only (webcal is https); every address the name resolves to must be public, and the connection goes
 * to the address checked (a second lookup could answer otherwise); a timeout for the whole fetch; a size cap counted
 * as the body arrives; at most 3 redirects, each checked again.
 */
@Injectable()
export class FeedFetcher {
  constructor(@InjectConfig() private readonly config: AppConfig) {}

  async fetch(address: string): Promise<string> {
    let url = parse(address);
    const deadline = Date.now() + this.config.calendarFeeds.timeoutMs;
    for (let hop = 0; ; hop++) {
      const target = await this.checkedAddress(url);
      const answer = await this.get(url, target, deadline);
      if ('text' in answer) return answer.text;
      if (hop >= MAX_REDIRECTS) throw new FeedError('The calendar address redirects too many times.');
      url = parse(new URL(answer.location, url).toString());
    }
  }

  /** The address to connect to: the host's, once every address it resolves to is known to be public. */
  private async checkedAddress(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    // A test's own feed server on loopback, named by host and port in CALENDAR_FEED_TEST_ALLOW (NODE_ENV=test only).
    if (this.config.nodeEnv === 'test' && this.config.calendarFeeds.testAllow.includes(`${host}:${port}`)) return { address: host, family: 4 };
    let addresses: { address: string; family: number }[];
    if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
    else {
      try {
        addresses = await lookup(host, { all: true, verbatim: true });
      } catch {
        throw new FeedError(`The calendar's server ${host} could not be found.`);
      }
    }
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || !addresses.length) {
      throw new FeedError(`The calendar address points to a private or local network address (${refused?.address ?? host}): only calendars on the public internet can be read.`);
    }
    return addresses[0];
  }

  private get(url: URL, target: { address: string; family: number }, deadline: number): Promise<{ text: string } | { location: string }> {
    const maxBytes = this.config.calendarFeeds.maxBytes;
    const tooLarge = () => new FeedError(`The calendar is larger than ${Math.round(maxBytes / 1024)} KB, more than a calendar feed should be.`);
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.get(
        url,
        {
          headers: { accept: 'text/calendar, */*;q=0.5', 'accept-encoding': 'identity', 'user-agent': 'directory-calendar-sync' },
          // Connect to the address that was checked, whatever a second lookup would say.
          lookup: (_host, options, callback) => {
            if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
            else callback(null, target.address, target.family);
          },
          timeout: Math.max(1, deadline - Date.now()),
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (status >= 300 && status < 400 && res.headers.location) {
            res.resume();
            resolve({ location: res.headers.location });
            return;
          }
          if (status !== 200) {
            res.resume();
            reject(new FeedError(`The calendar address answered ${status} ${res.statusMessage ?? ''}`.trim() + '.'));
            return;
          }
          if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
            res.destroy();
            reject(tooLarge());
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              reject(tooLarge());
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', () => reject(new FeedError('The calendar stopped sending before it was complete.')));
        },
      );
      const timer = setTimeout(() => req.destroy(new FeedError('The calendar took too long to answer.')), Math.max(1, deadline - Date.now()));
      req.on('timeout', () => req.destroy(new FeedError('The calendar took too long to answer.')));
      req.on('error', (err) => reject(err instanceof FeedError ? err : new FeedError(`The calendar could not be fetched (${(err as NodeJS.ErrnoException).code ?? err.message}).`)));
      req.on('close', () => clearTimeout(timer));
    });
  }
}

/** http(s) addresses as given; webcal:// is the calendar apps' name for https. */
function parse(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.replace(/^webcal:\/\//i, 'https://'));
  } catch {
    throw new FeedError('The calendar address is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FeedError('The calendar address must start with http:// or https://.');
  if (url.username || url.password) throw new FeedError('The calendar address must not contain a user name or password.');
  return url;
}
