/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Secret of the first-party web client for the password grant (default platform-web-secret). */
  readonly VITE_WEB_CLIENT_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
