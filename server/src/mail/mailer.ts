import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) */
  headers: Record<string, string>;
  /** the same for every attempt of one delivery, so a receiving server can drop a duplicate */
  messageId: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** SMTP through nodemailer: the production server of SMTP_URL, or the sandbox inbox. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as SMTPTransport.Options, { from });
  return {
    async send(mail) {
      const info = await transport.sendMail({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers, messageId: mail.messageId });
      return { messageId: String(info.messageId ?? mail.messageId) };
    },
    close: () => transport.close(),
  };
}
