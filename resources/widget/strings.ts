/**
 * The widget's own words, in English and Indonesian. A channel whose bot replies in one language
 * (`WidgetConfig.language`) shows the widget in it; a bot that answers in the language it is asked
 * in leaves it to the visitor's browser (Indonesian for `id`, English otherwise). The loader's few
 * words are apart from the panel's, so that its bundle carries only those.
 */
import { browserLocale, type WidgetConfig } from '../../server/channels/web/protocol';

export type Locale = 'en' | 'id';

/** The widget's language: the bot's when it has one, else the visitor's first browser language. */
export function localeOf(config: Pick<WidgetConfig, 'language'> | null, languages: readonly string[]): Locale {
  if (config?.language) return config.language;
  return browserLocale(languages[0] ?? '');
}

/** The browser's languages, most wanted first. */
export function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en'];
}

const loaderWords = {
  en: {
    open: 'Open chat',
    close: 'Close chat',
    notLoaded: 'The chat could not load. Try again.',
    dismiss: 'Dismiss',
    unread: (count: number) => `${count} new ${count === 1 ? 'message' : 'messages'}`,
  },
  id: {
    open: 'Buka chat',
    close: 'Tutup chat',
    notLoaded: 'Chat gagal dimuat. Coba lagi.',
    dismiss: 'Tutup pesan',
    unread: (count: number) => `${count} pesan baru`,
  },
};

export type LoaderWords = (typeof loaderWords)['en'];

export function loaderText(locale: Locale): LoaderWords {
  return loaderWords[locale];
}

const english = {
  chat: 'Chat',
  assistant: 'Assistant',
  agent: 'Agent',
  you: 'You',
  close: 'Close chat',
  messages: 'Messages',
  message: 'Message',
  placeholder: 'Write a message…',
  send: 'Send message',
  attach: 'Attach a file',
  fileTooBig: (mb: number) => `That file is too big: send one of up to ${mb} MB.`,
  fileKind: 'Send a picture, a PDF, a Word or Excel file, or a text file.',
  download: (name: string) => `Download ${name}`,
  fileNotLoaded: 'The file could not be loaded.',
  handoff: 'Talk to a person',
  writeFirst: 'Write your question first: the person who replies will read it here.',
  brand: 'Powered by Kawan',
  personWillReply: 'A person will reply here',
  personJoined: 'A person joined',
  joined: (name: string) => `${name} joined`,
  resolved: 'This conversation is resolved',
  typing: (who: string) => `${who} is typing…`,
  writing: (who: string) => `${who} is writing`,
  notSent: 'Not sent. ',
  retry: 'Retry',
  sources: 'Sources',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  rate: 'Rate this conversation',
  stars: (score: number) => `${score} star${score > 1 ? 's' : ''}`,
  howWasIt: 'How was this conversation?',
  comment: 'Comment (optional)',
  commentPlaceholder: 'Anything to add? (optional)',
  sendRating: 'Send rating',
  thanks: 'Thanks for your feedback!',
  preChatIntro: 'Before we start, tell us how to reach you.',
  fieldName: 'Name',
  fieldEmail: 'Email',
  fieldPhone: 'Phone',
  optional: '(optional)',
  startChat: 'Start chat',
  nameRequired: 'Enter your name.',
  emailRequired: 'Enter your email.',
  emailInvalid: 'Enter an email such as name@example.com.',
  phoneRequired: 'Enter your phone number.',
  phoneInvalid: 'Enter a phone number such as 0812-3456-7890 or +62 812-3456-7890.',
  offline: "Can't reach the chat right now. Check your connection and try again.",
  expired: 'Your chat session has expired. Please try again.',
  notHere: 'This chat is not available on this site',
  missing: 'This chat does not exist.',
  refused: 'That message could not be sent.',
  // The server's own words (TooManyRequestsError), so the countdown reads the same.
  tooMany: (seconds: number) =>
    `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  failed: 'Something went wrong. Please try again.',
};

export type PanelWords = typeof english;

const indonesian: PanelWords = {
  chat: 'Chat',
  assistant: 'Asisten',
  agent: 'Petugas',
  you: 'Anda',
  close: 'Tutup chat',
  messages: 'Percakapan',
  message: 'Pesan',
  placeholder: 'Tulis pesan…',
  send: 'Kirim pesan',
  attach: 'Lampirkan file',
  fileTooBig: (mb) => `File terlalu besar: kirim yang maksimal ${mb} MB.`,
  fileKind: 'Kirim gambar, PDF, file Word atau Excel, atau file teks.',
  download: (name) => `Unduh ${name}`,
  fileNotLoaded: 'File tidak dapat dimuat.',
  handoff: 'Bicara dengan petugas',
  writeFirst: 'Tulis pertanyaan Anda dulu: petugas yang membalas akan membacanya di sini.',
  brand: 'Didukung oleh Kawan',
  personWillReply: 'Petugas kami akan membalas di sini',
  personJoined: 'Petugas bergabung',
  joined: (name) => `${name} bergabung`,
  resolved: 'Percakapan ini sudah selesai',
  typing: (who) => `${who} sedang mengetik…`,
  writing: (who) => `${who} sedang menulis`,
  notSent: 'Tidak terkirim. ',
  retry: 'Coba lagi',
  sources: 'Sumber',
  helpful: 'Membantu',
  notHelpful: 'Tidak membantu',
  rate: 'Beri nilai percakapan ini',
  stars: (score) => `${score} bintang`,
  howWasIt: 'Bagaimana percakapan ini?',
  comment: 'Komentar (opsional)',
  commentPlaceholder: 'Ada yang ingin ditambahkan? (opsional)',
  sendRating: 'Kirim penilaian',
  thanks: 'Terima kasih atas masukannya!',
  preChatIntro: 'Sebelum mulai, beri tahu kami cara menghubungi Anda.',
  fieldName: 'Nama',
  fieldEmail: 'Email',
  fieldPhone: 'Nomor HP',
  optional: '(opsional)',
  startChat: 'Mulai chat',
  nameRequired: 'Isi nama Anda.',
  emailRequired: 'Isi email Anda.',
  emailInvalid: 'Isi email yang benar, misalnya nama@contoh.com.',
  phoneRequired: 'Isi nomor HP Anda.',
  phoneInvalid: 'Isi nomor HP yang benar, misalnya 0812-3456-7890 atau +62 812-3456-7890.',
  offline: 'Chat tidak dapat dihubungi. Periksa koneksi Anda lalu coba lagi.',
  expired: 'Sesi chat Anda sudah berakhir. Silakan coba lagi.',
  notHere: 'Chat ini tidak tersedia di situs ini',
  missing: 'Chat ini tidak ditemukan.',
  refused: 'Pesan itu tidak dapat dikirim.',
  tooMany: (seconds) => `Terlalu banyak permintaan. Coba lagi dalam ${seconds} detik.`,
  failed: 'Terjadi kesalahan. Silakan coba lagi.',
};

export function panelText(locale: Locale): PanelWords {
  return locale === 'id' ? indonesian : english;
}

/** The English words, for code that runs before a locale is known (the API client's errors). */
export const englishWords = english;
