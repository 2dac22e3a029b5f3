import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

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

/**
 * Brotli and gzip copies of the service worker and its Workbox runtime, written like the rest
 * (vite-plugin-compression2 runs before vite-plugin-pwa writes them). Runs last, after the worker
 * is generated.
 */
function compressServiceWorker(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'hasp:compress-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir)).filter((name) => /^(sw|workbox-[\w-]+)\.js$/.test(name));
        for (const name of files) {
          const source = await readFile(path.join(outDir, name));
          const copies: [string, Buffer][] = [
            ['br', await brotli(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } })],
            ['gz', await gzipped(source, { level: 9 })],
          ];
          // Like the plugin: a copy that is not smaller is not written, and the file goes out as it is.
          for (const [ext, copy] of copies) {
            if (copy.length < source.length) await writeFile(path.join(outDir, `${name}.${ext}`), copy);
          }
        }
      },
    },
  };
}

/**
 * React Router 7's package exports only its development build (remix-run/react-router#12532,
 * #14102): the same code with its developer warnings switched on. The app's build takes the
 * production build beside it.
 */
function reactRouterProductionBuild(): Plugin {
  const productionEntry = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production/index.mjs',
  );
  return {
    name: 'hasp:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? productionEntry : null;
    },
  };
}

/** The login header's colour: the browser's toolbar and the installed app's splash use it. */
const THEME_COLOR = '#1d2b3a';

export default defineConfig({
  plugins: [
    reactRouterProductionBuild(),
    react(),
    VitePWA({
      // The user confirms each new version ('Update Available'); src/pwa registers the worker itself,
      // once the app is stable (no extra script on the login route).
      registerType: 'prompt',
      injectRegister: false,
      strategies: 'generateSW',
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Hasp',
        short_name: 'Hasp',
        description: 'Lockout/tagout permits and facility safety',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: THEME_COLOR,
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // The whole app shell, so the app loads with no network (offline permits).
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        // The monitoring SDK is only used online (and only with a key): fetched when needed.
        globIgnores: ['**/monitoring-sdk-*.js'],
        navigateFallback: '/index.html',
        // API calls (and the notification stream) always go to the network.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first installation takes over the open page at once, so its lazy chunks come from the
        // cache when the network goes. Later versions wait for the user's 'Refresh' (skipWaiting stays off).
        clientsClaim: true,
        skipWaiting: false,
        // The largest chunk (Mantine + React) is well under this; the default 2 MiB is a safe ceiling.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    // Brotli and gzip copies (x.js.br, x.js.gz) beside each text file, at the highest levels: the
    // server sends the one the browser accepts, so nothing is compressed per request. A copy that
    // would not be smaller is skipped and the file goes out as it is.
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest)$/,
      algorithms: ['brotliCompress', 'gzip'],
    }),
    compressServiceWorker(),
  ],
  resolve: {
    // Dexie's ESM build. Its default entry wraps the UMD build, whose CommonJS interop pulls the
    // bundler's runtime into a chunk of its own and adds about 2 KB to the login route.
    alias: [{ find: /^dexie$/, replacement: 'dexie/dist/dexie.mjs' }],
  },
  define: {
    'import.meta.env.VITE_BUILD_VERSION': JSON.stringify(buildVersion()),
  },
  server: {
    // `npm run dev -w @hasp/web` talks to a server started separately on port 3000.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    // Every browser the app supports (ES2022) has <link rel="modulepreload">: the polyfill would
    // only add bytes to the login route's 150 KB budget.
    modulePreload: { polyfill: false },
    // Lets the build report each chunk's gzip size (the login route has a 150 KB budget).
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            // The public page of a tag's QR code (no sign-in) keeps what it shares with the signed-in
            // frame in its own file, so a scan never downloads the frame.
            { name: 'tag-status', test: /[\\/]features[\\/]tags[\\/]components[\\/]TagStatusPage\.tsx$/, priority: 2 },
            // The signed-in frame (layout, top bar, navigation, route table) and every module it
            // imports statically, in one file: as some sixty small chunks, a phone on a slow network
            // paid a round trip for each before the first signed-in screen could draw.
            { name: 'signed-in', test: /[\\/]src[\\/]app[\\/]signed-in[\\/]SignedInRoutes\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
});
