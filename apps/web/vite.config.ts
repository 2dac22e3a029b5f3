import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The label the login screen shows, e.g. `0.1.0+069def3`: the package version plus the commit it
 * was built from (HASP_BUILD_SHA when CI provides it, else git, else the build time).
 */
function buildVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  let revision = process.env.HASP_BUILD_SHA?.slice(0, 7);
  if (!revision) {
    try {
      revision = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
    } catch {
      revision = new Date().toISOString().slice(0, 16).replace(/\D/g, '');
    }
  }
  return `${version}+${revision}`;
}

export default defineConfig({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_BUILD_VERSION': JSON.stringify(buildVersion()),
  },
  server: {
    // `npm run dev -w @hasp/web` talks to a server started separately on port 3000.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    // Lets the build report each chunk's gzip size (the login route has a 150 KB budget).
    reportCompressedSize: true,
  },
});
