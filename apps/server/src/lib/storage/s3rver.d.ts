declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  import type { Readable } from 'node:stream';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }

  interface S3Object {
    bucket: string;
    key: string;
    content: Buffer | Readable;
    metadata: object;
  }

  interface KoaContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
    store: {
      getResourcePath(bucket: string, key: string | undefined, resource: string): string;
      putObject(object: S3Object): Promise<{ size: number; md5: string }>;
      putMetadata(bucket: string, key: string, metadata: object, md5: string): Promise<void>;
    };
    httpServer: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
