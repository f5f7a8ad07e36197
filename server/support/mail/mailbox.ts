import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface StoredMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  sentAt: string;
}

/** Where development and test mail goes instead of an SMTP server. */
export interface Mailbox {
  store(mail: StoredMail, raw: Buffer): void;
  list(): StoredMail[];
  find(id: string): StoredMail | undefined;
}

/** One JSON file (and the raw .eml) per message under DATA_DIR/mail; newest first. */
export class FileMailbox implements Mailbox {
  constructor(private readonly folder: string) {}

  store(mail: StoredMail, raw: Buffer): void {
    mkdirSync(this.folder, { recursive: true });
    writeFileSync(join(this.folder, `${mail.id}.json`), JSON.stringify(mail));
    writeFileSync(join(this.folder, `${mail.id}.eml`), raw);
  }

  list(): StoredMail[] {
    if (!existsSync(this.folder)) return [];
    return readdirSync(this.folder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse()
      .map((file) => JSON.parse(readFileSync(join(this.folder, file), 'utf8')) as StoredMail);
  }

  find(id: string): StoredMail | undefined {
    if (!/^[\w-]+$/.test(id)) return undefined;
    const file = join(this.folder, `${id}.json`);
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredMail) : undefined;
  }
}

/** For tests: messages kept in memory, newest first. */
export class MemoryMailbox implements Mailbox {
  readonly messages: StoredMail[] = [];

  store(mail: StoredMail): void {
    this.messages.unshift(mail);
  }

  list(): StoredMail[] {
    return [...this.messages];
  }

  find(id: string): StoredMail | undefined {
    return this.messages.find((mail) => mail.id === id);
  }

  /** Messages sent to one address, newest first. */
  to(address: string): StoredMail[] {
    return this.messages.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
  }
}
