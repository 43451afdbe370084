import { connect } from 'node:net';
import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startFakeSmtp, type FakeSmtp } from './fake-smtp.js';

let smtp: FakeSmtp | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

/** Sends raw lines in one write (as a pipelining client would) and collects replies until the server closes. */
async function converse(port: number, script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let transcript = '';
    socket.setEncoding('utf8');
    socket.once('data', () => socket.write(script));
    socket.on('data', (chunk: string) => (transcript += chunk));
    socket.on('end', () => resolve(transcript));
    socket.on('error', reject);
  });
}

const replyCodes = (transcript: string) =>
  transcript
    .split('\r\n')
    .filter((line) => /^\d{3} /.test(line))
    .map((line) => line.slice(0, 3));

describe('startFakeSmtp', () => {
  it('takes delivery from nodemailer, quoted-printable long lines included, and decodes the text body', async () => {
    smtp = await startFakeSmtp();
    expect(smtp.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const link = `http://127.0.0.1:3000/reset-password?token=${'a1B2'.repeat(30)}&next=%2Fdashboard&x=y`;
    const transport = createTransport(smtp.url);
    const info = await transport.sendMail({
      from: 'Bookshelf <no-reply@bookshelf.test>',
      to: ['reader@example.com', 'Second <second@example.com>'],
      subject: 'Reset your password — Bookshelf',
      text: `Hello Ada,\n\nOpen this link to choose a new password: ${link}\n\n.a line that starts with a dot\n`,
      html: `<p><a href="${link}">Reset</a></p>`,
    });
    transport.close();
    expect(info.accepted).toEqual(['reader@example.com', 'second@example.com']);

    const mail = await smtp.waitForMessage((m) => m.to.includes('reader@example.com'));
    expect(mail.from).toBe('no-reply@bookshelf.test');
    expect(mail.to).toEqual(['reader@example.com', 'second@example.com']);
    expect(mail.subject).toBe('Reset your password — Bookshelf');
    // nodemailer only soft-wraps when it had to: prove the fake undid a real quoted-printable body.
    expect(mail.raw).toMatch(/quoted-printable/i);
    expect(mail.raw).not.toContain(link);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('\n.a line that starts with a dot');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text.match(/https?:\/\/\S+/)?.[0]).toBe(link);
  });

  it('resolves waitForMessage for a message that arrives later, and times out when none matches', async () => {
    smtp = await startFakeSmtp();
    const waiting = smtp.waitForMessage((m) => m.subject === 'later', 2000);
    const transport = createTransport(smtp.url);
    await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'other', text: 'x' });
    await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'later', text: 'plain body' });
    transport.close();
    await expect(waiting).resolves.toMatchObject({ subject: 'later', text: 'plain body\r\n' });
    await expect(smtp.waitForMessage((m) => m.subject === 'never', 50)).rejects.toThrow(/No matching mail/);
  });

  it('answers the end of a message late when asked to, and keeps pipelined answers in order', async () => {
    smtp = await startFakeSmtp({ acceptDelayMs: 300 });
    const transport = createTransport(smtp.url);
    const started = performance.now();
    await transport.sendMail({ from: 'a@example.com', to: 'b@example.com', subject: 'slow', text: 'x' });
    transport.close();
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
    expect(smtp.messages).toHaveLength(1);

    const transcript = await converse(
      smtp.port,
      [
        'EHLO c.test',
        'MAIL FROM:<a@example.com>',
        'RCPT TO:<b@example.com>',
        'DATA',
        '',
        'x',
        '.',
        'NOOP',
        'QUIT',
        '',
      ].join('\r\n'),
    );
    expect(replyCodes(transcript)).toEqual(['220', '250', '250', '250', '354', '250', '250', '221']);
    expect(smtp.messages).toHaveLength(2);
  });

  it('speaks the protocol: EHLO extensions, pipelined commands, dot-stuffing, RSET, NOOP, QUIT', async () => {
    smtp = await startFakeSmtp();
    const transcript = await converse(
      smtp.port,
      [
        'EHLO client.test',
        'MAIL FROM:<one@example.com> SIZE=100',
        'RCPT TO:<two@example.com>',
        'DATA',
        'Subject: hi',
        '',
        '..leading dot',
        'body',
        '.',
        'MAIL FROM:<x@example.com>',
        'RSET',
        'NOOP',
        'QUIT',
        '',
      ].join('\r\n'),
    );
    expect(transcript).toMatch(/^220 /);
    expect(transcript).toContain('250-SIZE');
    expect(transcript).toContain('250-8BITMIME');
    expect(transcript).toContain('250 PIPELINING');
    expect(transcript).not.toMatch(/STARTTLS|AUTH/);
    expect(replyCodes(transcript)).toEqual(['220', '250', '250', '250', '354', '250', '250', '250', '250', '221']);
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({ from: 'one@example.com', to: ['two@example.com'], subject: 'hi' });
    expect(smtp.messages[0]?.text).toBe('.leading dot\r\nbody\r\n');
  });

  it('refuses commands out of order and unknown commands', async () => {
    smtp = await startFakeSmtp({ maxSize: 1000 });
    const transcript = await converse(
      smtp.port,
      [
        'MAIL FROM:<a@example.com>',
        'HELO client.test',
        'RCPT TO:<b@example.com>',
        'DATA',
        'MAIL FROM:<a@example.com> SIZE=5000',
        'MAIL FROM:<a@example.com>',
        'DATA',
        'STARTTLS',
        'BOGUS',
        'QUIT',
        '',
      ].join('\r\n'),
    );
    expect(replyCodes(transcript)).toEqual([
      '220',
      '503',
      '250',
      '503',
      '503',
      '552',
      '250',
      '554',
      '502',
      '500',
      '221',
    ]);
    expect(smtp.messages).toHaveLength(0);
  });

  it('decodes quoted-printable soft breaks and =XX bytes, UTF-8 included', () => {
    expect(decodeQuotedPrintable('https://x.test/a?b=3Dc&d=3D=\r\ne caf=C3=A9')).toBe('https://x.test/a?b=c&d=e café');
  });
});
