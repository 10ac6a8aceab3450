import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Local imports name their file: Vite's native config loader (Node's own) needs the extension.
import { CSP_NONCE_PLACEHOLDER } from './domain/csp.ts';
import { precompressAssets } from './scripts/vite-precompress.ts';

const apiPort = Number(process.env.API_PORT ?? 3000);

export default defineConfig({
  plugins: [react(), precompressAssets()],
  // Every tag of index.html gets nonce="<placeholder>" and a <meta property="csp-nonce"> is added;
  // the server fills in each response's nonce (server/plugins/browser-app.ts).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    // Same origin for the browser: the API's cross-site check compares Origin with Host.
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false }, '/files': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    manifest: true,
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // Libraries Refine imports for features this app does not use (CSV import, query strings,
        // devtools). They declare no "sideEffects", so the bundler kept them, unused, in the chunk
        // every screen loads, /login included; they have none, so unused they are left out.
        moduleSideEffects: [
          { test: /node_modules\/(papaparse|qs|pluralize|object-inspect|side-channel[^/]*|get-intrinsic|error-stack-parser|stackframe|@refinedev\/devtools-internal)\//, sideEffects: false },
        ],
      },
    },
  },
});
