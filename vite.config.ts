import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
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
  },
});
