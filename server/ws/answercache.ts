/**
 * Finished answers of batches whose every call is a public cached method (no login needed, answered
 * from the platform's caches: strings and templates). Those answers depend only on the request body
 * and the caller's language, and the packs and templates they come from do not change while the
 * process runs, so a repeated batch is answered with the text serialised the first time: no JSON
 * parsing, validation or serialising again. Bounded by entries and by bytes; the oldest entry goes first.
 */
export class AnswerCache {
  private readonly entries = new Map<string, string>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 512,
    private readonly maxBytes = 8 * 1024 * 1024,
    /** Bodies longer than this are not kept: a client sending huge batches does not fill the cache. */
    private readonly maxBodyLength = 16 * 1024,
  ) {}

  static key(lang: string, body: string): string {
    return `${lang}\n${body}`;
  }

  get(key: string): string | undefined {
    return this.entries.get(key);
  }

  set(key: string, answer: string): void {
    const size = key.length + answer.length;
    if (key.length > this.maxBodyLength + 64 || size > this.maxBytes / 8 || this.entries.has(key)) return;
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest, text] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= oldest.length + text.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
