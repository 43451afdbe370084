import { createTransport } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Whether mail really goes out (SMTP_URL is set): sign-up confirms addresses only then (issue 27). */
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Mail goes out through SMTP_URL. Without it the message is written to the log instead, so a
 * self-hosted instance with no mail server still lets its owner reset a password.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; log: MailerLogger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        log.warn(
          { to: mail.to, subject: mail.subject, text: mail.text },
          'SMTP_URL is not set: mail written to the log',
        );
      },
      close() {},
    };
  }
  const transport = createTransport(smtpUrl, { from });
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
