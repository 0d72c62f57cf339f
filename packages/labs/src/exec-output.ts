type Stream = 'stdout' | 'stderr';

/** A script's output as `exec` answers it: each stream kept up to `maxBytes`, the rest counted as cut. */
export class CappedOutput {
  private readonly chunks: Record<Stream, Buffer[]> = { stdout: [], stderr: [] };
  private readonly sizes: Record<Stream, number> = { stdout: 0, stderr: 0 };
  truncated = false;

  constructor(private readonly maxBytes: number) {}

  /** A listener for the chunks of one stream. */
  keep(stream: Stream): (chunk: Buffer) => void {
    return (chunk) => {
      const room = this.maxBytes - this.sizes[stream];
      if (chunk.length > room) this.truncated = true;
      if (room <= 0) return;
      const kept = chunk.subarray(0, room);
      this.chunks[stream].push(kept);
      this.sizes[stream] += kept.length;
    };
  }

  text(stream: Stream): string {
    return Buffer.concat(this.chunks[stream]).toString('utf8');
  }
}
