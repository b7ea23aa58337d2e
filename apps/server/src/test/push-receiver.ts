import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { generate } from 'selfsigned';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in for a browser's push service on https://127.0.0.1 (web-push speaks HTTPS only, as push
 * services do): it receives what web-push POSTs to a subscription endpoint, answering `status` (201
 * like a real push service, or 410 for "gone"). `agent` trusts its self-signed certificate.
 */
export async function startPushReceiver() {
  const received: ReceivedPush[] = [];
  let status = 201;
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `https://127.0.0.1:${port}`,
    agent: new Agent({ ca: pems.cert }),
    answerWith(next: number) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

/** A browser's side of a subscription: the key pair and secret a real PushSubscription holds. */
export function browserSubscriptionKeys(): { ecdh: ECDH; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    ecdh,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** Decrypts a received push the way the browser would (RFC 8291, aes128gcm). */
export function decryptPush(body: Buffer, keys: { ecdh: ECDH; auth: string }): string {
  return decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth }).toString(
    'utf8',
  );
}
