import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Rejects when the SMTP server cannot be reached or refuses the message. */
  send(mail: Mail): Promise<void>;
  /** Connects and greets the SMTP server (and signs in, when the URL carries credentials): rejects when it cannot. */
  verify(): Promise<void>;
  close(): void;
};

/**
 * SMTP mailer over a pool of reused connections. `smtpUrl` carries everything the transport needs:
 * smtp://host:port, smtps://user:pass@host:465 (implicit TLS), options as query parameters.
 */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ url: options.smtpUrl, pool: true });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
