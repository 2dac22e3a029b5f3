/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Package version plus commit, set at build time by vite.config.ts. */
  readonly VITE_BUILD_VERSION: string;
}
