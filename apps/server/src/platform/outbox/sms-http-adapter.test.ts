import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmsHttpAdapter } from './sms-http-adapter.ts';

interface Received {
  method: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString();
}

describe('SMS HTTP provider adapter', () => {
  const received: Received[] = [];
  let status = 202;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      void readBody(request).then((text) => {
        received.push({
          method: request.method,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: JSON.parse(text) as unknown,
        });
        // A gateway that echoes the text back: it must not end up in our error messages.
        response.writeHead(status, { 'content-type': 'application/json' }).end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const message = {
    id: 'm1',
    channel: 'sms' as const,
    recipient: '+15551234567',
    subject: null,
    body: 'Your code is 123456',
    purpose: 'two-factor-code',
  };

  it('POSTs {to, body} as JSON with the bearer token', async () => {
    status = 202;
    await createSmsHttpAdapter({ url, token: 'secret-token' }).deliver(message);
    expect(received.at(-1)).toEqual({
      method: 'POST',
      authorization: 'Bearer secret-token',
      contentType: 'application/json',
      body: { to: '+15551234567', body: 'Your code is 123456' },
    });
  });

  it('sends no authorization header when no token is configured', async () => {
    status = 200;
    await createSmsHttpAdapter({ url }).deliver(message);
    expect(received.at(-1)?.authorization).toBeUndefined();
  });

  it('throws on a non-2xx answer, naming the status but not the message', async () => {
    status = 503;
    const failure = createSmsHttpAdapter({ url, token: 't' }).deliver(message);
    await expect(failure).rejects.toThrow('SMS provider answered HTTP 503');
    await expect(failure).rejects.not.toThrow('123456');
  });
});
