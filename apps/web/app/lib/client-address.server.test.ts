import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.server.ts';

const withForwarded = (value?: string) =>
  new Request('http://lanes.test/sign-in', value ? { headers: { 'X-Forwarded-For': value } } : {});

describe('clientAddress', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress(withForwarded('203.0.113.5'), [], '198.51.100.7')).toBe('198.51.100.7');
  });

  it('reads X-Forwarded-For from the right behind trusted proxies, never a hop the visitor could write', () => {
    const trusted = ['10.0.0.2', '10.0.0.3'];
    // The visitor wrote "1.2.3.4"; the first proxy appended the real peer 198.51.100.7; the second, 10.0.0.3.
    const request = withForwarded('1.2.3.4, 198.51.100.7, 10.0.0.3');
    expect(clientAddress(request, trusted, '10.0.0.2')).toBe('198.51.100.7');
    expect(clientAddress(withForwarded(), trusted, '10.0.0.2')).toBe('10.0.0.2');
  });

  it('unwraps IPv4-mapped IPv6 peers, and answers unknown without one', () => {
    expect(clientAddress(withForwarded('203.0.113.5'), ['127.0.0.1'], '::ffff:127.0.0.1')).toBe(
      '203.0.113.5',
    );
    expect(clientAddress(withForwarded(), [], '')).toBe('unknown');
  });

  it('knows the peer of a real HTTP request inside the handler, after awaits', async () => {
    const server = createServer(async (_req, res) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.end(clientAddress(withForwarded('203.0.113.5'), []));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      httpRequest({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    server.close();
    expect(body).toBe('127.0.0.1');
  });
});
