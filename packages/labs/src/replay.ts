/** The recent output of a shell, bounded in bytes, for a reconnecting browser. */
export class ReplayBuffer {
  private buffer = '';
  private bytes = 0;

  constructor(private readonly limit: number) {}

  append(data: string): void {
    this.buffer += data;
    this.bytes += Buffer.byteLength(data);
    if (this.bytes > this.limit * 2) {
      const tail = this.tail();
      this.buffer = tail.toString();
      this.bytes = tail.length;
    }
  }

  text(): string {
    return this.bytes <= this.limit ? this.buffer : this.tail().toString();
  }

  private tail(): Buffer {
    const all = Buffer.from(this.buffer);
    let tail = all.subarray(Math.max(0, all.length - this.limit));
    // Do not begin in the middle of a UTF-8 sequence.
    while (tail.length > 0 && (tail[0]! & 0xc0) === 0x80) tail = tail.subarray(1);
    return tail;
  }
}
