import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpEmailAdapter } from './smtp-email-adapter.ts';

/** Just enough of an SMTP server (RFC 5321, no TLS, no auth) to see what nodemailer sends. */
function startFakeSmtp(): Promise<{ server: Server; port: number; mails: string[] }> {
  const mails: string[] = [];
  const server = createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let data = '';
    socket.write('220 fake.smtp ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let index = buffer.indexOf('\r\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else {
            data += `${line}\n`;
          }
        } else {
          const command = line.slice(0, 4).toUpperCase();
          if (command === 'EHLO' || command === 'HELO') {
            socket.write('250 fake.smtp\r\n');
          } else if (command === 'DATA') {
            inData = true;
            socket.write('354 go ahead\r\n');
          } else if (command === 'QUIT') {
            socket.end('221 bye\r\n');
          } else {
            socket.write('250 OK\r\n');
          }
        }
        index = buffer.indexOf('\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.address() as AddressInfo).port, mails });
    });
  });
}

describe('SMTP email adapter', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await new Promise((resolve) => smtp.server.close(resolve));
  });

  it('sends the message from SMTP_FROM to the recipient', async () => {
    const adapter = createSmtpEmailAdapter({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      from: 'Care Portal <no-reply@clinic.example>',
    });
    await adapter.deliver({
      id: 'm1',
      channel: 'email',
      recipient: 'jane.patient@example.com',
      subject: 'Your verification code',
      body: 'Your code is 123456',
      purpose: 'two-factor-code',
    });
    await adapter.close?.();
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0] ?? '';
    expect(mail).toContain('From: Care Portal <no-reply@clinic.example>');
    expect(mail).toContain('To: jane.patient@example.com');
    expect(mail).toContain('Subject: Your verification code');
    expect(mail).toContain('Your code is 123456');
  });
});
