import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTelephonyHttpAdapter } from './telephony-http-adapter.ts';

// The HTTP telephony provider's contract (decision 0043), against a real local HTTP server.

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString();
}

describe('telephony HTTP provider adapter', () => {
  const received: Received[] = [];
  let status = 201;
  let answer = '{"id":"call-123","status":"dialing"}';
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      void readBody(request).then((body) => {
        received.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body,
        });
        response.writeHead(status, { 'content-type': 'application/json' }).end(answer);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/telephony/`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    status = 201;
    answer = '{"id":"call-123","status":"dialing"}';
  });

  const call = { callId: 'c1', to: '+12125550147', note: 'Outbound call for patient Ann Lee' };
  const adapter = () => createTelephonyHttpAdapter({ url, token: 'tel-token', callerId: '+12125550100' });

  it('POSTs {to, from, reference} to /calls with the bearer token and returns the provider id', async () => {
    await expect(adapter().placeCall(call)).resolves.toEqual({ externalId: 'call-123', status: 'dialing' });
    const last = received.at(-1);
    expect(last).toMatchObject({
      method: 'POST',
      url: '/telephony/calls',
      authorization: 'Bearer tel-token',
      contentType: 'application/json',
    });
    expect(JSON.parse(last?.body ?? '')).toEqual({
      to: '+12125550147',
      from: '+12125550100',
      reference: 'c1',
    });
  });

  it('takes an in-progress answer as connected, and sends no authorization without a token', async () => {
    answer = '{"id":"call-9","status":"in-progress"}';
    const placed = await createTelephonyHttpAdapter({ url, callerId: '+12125550100' }).placeCall(call);
    expect(placed).toEqual({ externalId: 'call-9', status: 'in-progress' });
    expect(received.at(-1)?.authorization).toBeUndefined();
  });

  it('throws on a non-2xx answer naming the status, never the number', async () => {
    status = 500;
    answer = '{"error":"cannot reach +12125550147"}';
    const failure = adapter().placeCall(call);
    await expect(failure).rejects.toThrow('Telephony provider answered HTTP 500');
    await expect(failure).rejects.not.toThrow('5550147');
  });

  it('throws when the answer has no call id', async () => {
    answer = '{}';
    await expect(adapter().placeCall(call)).rejects.toThrow('without a call id');
  });

  it('hangs up with POST /calls/{id}/hangup, and takes an already finished call as hung up', async () => {
    status = 200;
    await adapter().hangUp('call/123');
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/telephony/calls/call%2F123/hangup' });
    status = 410;
    await expect(adapter().hangUp('call-123')).resolves.toBeUndefined();
    status = 502;
    await expect(adapter().hangUp('call-123')).rejects.toThrow('Telephony provider answered HTTP 502');
  });
});
