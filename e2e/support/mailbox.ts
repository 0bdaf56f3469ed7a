import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, for the app to send to. */
export class Mailbox {
  private readonly server: SMTPServer;
  readonly mails: ReceivedMail[];

  private constructor(server: SMTPServer, mails: ReceivedMail[]) {
    this.server = server;
    this.mails = mails;
  }

  static async start(): Promise<{ mailbox: Mailbox; port: number }> {
    const received: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const mailbox = new Mailbox(server, received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    return { mailbox, port };
  }

  /** Waits for a mail to the address and answers its decoded text. */
  async waitFor(address: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const mail = this.mails.findLast((m) => m.to.includes(address.toLowerCase()));
      if (mail) return decodeQuotedPrintable(mail.raw);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function decodeQuotedPrintable(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
