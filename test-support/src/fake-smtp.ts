import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** One message as delivered by an SMTP client. */
export interface ReceivedMail {
  /** Envelope sender (MAIL FROM), without angle brackets. */
  from: string;
  /** Envelope recipients (RCPT TO), without angle brackets. */
  to: string[];
  /** The message exactly as transferred after DATA, with dot-stuffing removed. */
  raw: string;
  /** Header names in lower case; folded lines unfolded; repeated headers keep the first. */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain body (or part of a multipart body), transfer encoding decoded. Empty if none. */
  text: string;
  /** The text/html part when there is one. */
  html?: string;
}

export interface FakeSmtp {
  /** e.g. smtp://127.0.0.1:41234, usable as SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Every message accepted, in arrival order. */
  readonly messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving later) that matches; rejects on timeout. */
  waitForMessage(predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface FakeSmtpOptions {
  /** Advertised with SIZE and enforced: a larger message is refused with 552. */
  maxSize?: number;
  /** A slow server: the answer to each message's end of DATA comes this late (the message counts as received then). */
  acceptDelayMs?: number;
}

const hostname = 'fake-smtp.test';

function unfoldHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(at + 1).trim();
  }
  return headers;
}

function splitHeadersAndBody(raw: string): { headers: Record<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: unfoldHeaders(raw), body: '' };
  return { headers: unfoldHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

/** Quoted-printable (RFC 2045 §6.7): soft line breaks `=\r\n` vanish and `=XX` is a byte. */
export function decodeQuotedPrintable(input: string): string {
  const withoutSoftBreaks = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i += 1) {
    const char = withoutSoftBreaks[i]!;
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeTransfer(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as clients use for non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function headerParam(value: string | undefined, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Finds the text/plain and text/html leaves of a (possibly nested multipart) MIME entity. */
function collectParts(headers: Record<string, string>, body: string, into: { text?: string; html?: string }): void {
  const type = (headers['content-type'] ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = headerParam(headers['content-type'], 'boundary');
    if (!boundary) return;
    const sections = body.split(new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    // The first section is the preamble; the one after the closing delimiter starts with "--".
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      const part = splitHeadersAndBody(section.replace(/^[ \t]*\r?\n/, ''));
      collectParts(part.headers, part.body, into);
    }
    return;
  }
  if (type === 'text/plain' && into.text === undefined) {
    into.text = decodeTransfer(body, headers['content-transfer-encoding']);
  } else if (type === 'text/html' && into.html === undefined) {
    into.html = decodeTransfer(body, headers['content-transfer-encoding']);
  }
}

export function parseMail(from: string, to: string[], raw: string): ReceivedMail {
  const { headers, body } = splitHeadersAndBody(raw);
  const parts: { text?: string; html?: string } = {};
  collectParts(headers, body, parts);
  return {
    from,
    to,
    raw,
    headers,
    subject: decodeEncodedWords(headers.subject ?? ''),
    text: parts.text ?? '',
    ...(parts.html !== undefined ? { html: parts.html } : {}),
  };
}

/** Extracts the address of `MAIL FROM:<a@b> SIZE=1` / `RCPT TO:<a@b>`; the null path `<>` gives ''. */
function parsePath(argument: string, keyword: 'FROM' | 'TO'): string | undefined {
  const match =
    new RegExp(`^${keyword}:\\s*<([^>]*)>`, 'i').exec(argument) ??
    new RegExp(`^${keyword}:\\s*(\\S+)`, 'i').exec(argument);
  return match ? match[1] : undefined;
}

interface Session {
  greeted: boolean;
  from: string | undefined;
  to: string[];
  data: string[] | undefined;
  dataBytes: number;
}

/**
 * A small but real SMTP server (RFC 5321: EHLO/HELO, MAIL, RCPT, DATA with dot-stuffing, RSET, NOOP,
 * QUIT; SIZE, 8BITMIME and PIPELINING) on 127.0.0.1 that keeps what it receives, so mail-sending code
 * can be tested through its real transport. No TLS and no AUTH: clients must not require either.
 */
export async function startFakeSmtp(options: FakeSmtpOptions = {}): Promise<FakeSmtp> {
  const maxSize = options.maxSize ?? 10 * 1024 * 1024;
  const acceptDelayMs = options.acceptDelayMs ?? 0;
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  const sockets = new Set<Socket>();

  function handle(socket: Socket): void {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    const session: Session = { greeted: false, from: undefined, to: [], data: undefined, dataBytes: 0 };
    let buffer = '';
    /** While a delayed answer is pending, later lines wait in the buffer so answers keep their order. */
    let held = false;
    const reply = (text: string) => {
      if (!socket.destroyed) socket.write(`${text}\r\n`);
    };
    const resetTransaction = () => {
      session.from = undefined;
      session.to = [];
      session.data = undefined;
      session.dataBytes = 0;
    };

    const onDataLine = (line: string) => {
      if (line === '.') {
        const tooBig = session.dataBytes > maxSize;
        const raw = session.data!.join('\r\n') + '\r\n';
        const mail = tooBig ? undefined : parseMail(session.from ?? '', session.to, raw);
        resetTransaction();
        if (!mail) return reply('552 5.3.4 Message size exceeds fixed maximum message size');
        const accept = () => {
          messages.push(mail);
          for (const waiter of waiters) waiter(mail);
          reply('250 2.0.0 OK: queued');
        };
        if (acceptDelayMs <= 0) return accept();
        held = true;
        setTimeout(() => {
          held = false;
          accept();
          processBuffer();
        }, acceptDelayMs);
        return;
      }
      // Dot-stuffing (RFC 5321 §4.5.2): a leading dot was doubled by the client.
      const unstuffed = line.startsWith('.') ? line.slice(1) : line;
      session.dataBytes += Buffer.byteLength(unstuffed) + 2;
      if (session.dataBytes <= maxSize) session.data!.push(unstuffed);
    };

    const onCommand = (line: string) => {
      const space = line.indexOf(' ');
      const verb = (space < 0 ? line : line.slice(0, space)).toUpperCase();
      const argument = space < 0 ? '' : line.slice(space + 1).trim();
      switch (verb) {
        case 'EHLO':
          if (!argument) return reply('501 5.5.4 Syntax: EHLO hostname');
          session.greeted = true;
          resetTransaction();
          return reply(`250-${hostname} Hello ${argument}\r\n250-SIZE ${maxSize}\r\n250-8BITMIME\r\n250 PIPELINING`);
        case 'HELO':
          if (!argument) return reply('501 5.5.4 Syntax: HELO hostname');
          session.greeted = true;
          resetTransaction();
          return reply(`250 ${hostname}`);
        case 'MAIL': {
          if (!session.greeted) return reply('503 5.5.1 Error: send HELO/EHLO first');
          if (session.from !== undefined) return reply('503 5.5.1 Error: nested MAIL command');
          const from = parsePath(argument, 'FROM');
          if (from === undefined) return reply('501 5.5.4 Syntax: MAIL FROM:<address>');
          const size = /\bSIZE=(\d+)/i.exec(argument);
          if (size && Number(size[1]) > maxSize) return reply('552 5.3.4 Message size exceeds fixed limit');
          session.from = from;
          return reply('250 2.1.0 Ok');
        }
        case 'RCPT': {
          if (session.from === undefined) return reply('503 5.5.1 Error: need MAIL command');
          const to = parsePath(argument, 'TO');
          if (!to) return reply('501 5.5.4 Syntax: RCPT TO:<address>');
          session.to.push(to);
          return reply('250 2.1.5 Ok');
        }
        case 'DATA':
          if (argument) return reply('501 5.5.4 Syntax: DATA');
          if (session.from === undefined) return reply('503 5.5.1 Error: need MAIL command');
          if (session.to.length === 0) return reply('554 5.5.1 Error: no valid recipients');
          session.data = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          resetTransaction();
          return reply('250 2.0.0 Ok');
        case 'NOOP':
          return reply('250 2.0.0 Ok');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        case 'VRFY':
          return reply('252 2.0.0 Cannot VRFY user, but will accept message');
        case 'STARTTLS':
        case 'AUTH':
          return reply('502 5.5.1 Command not implemented');
        default:
          return reply('500 5.5.2 Error: command not recognized');
      }
    };

    // Pipelined commands arrive together; they are answered one by one, in order.
    const processBuffer = () => {
      for (let at = buffer.indexOf('\r\n'); at >= 0 && !held; at = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (session.data) onDataLine(line);
        else onCommand(line);
      }
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      processBuffer();
    });
    reply(`220 ${hostname} ESMTP fake-smtp ready`);
  }

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(predicate = () => true, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
