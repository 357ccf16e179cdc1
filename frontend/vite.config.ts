import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  // Explicit so the build lands in frontend/dist whichever directory vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: {
    proxy: {
      '/api': API_ORIGIN,
      // The queue dashboard (bull-board) is the api's page, not the SPA's.
      '/admin/queues': API_ORIGIN,
      '/webhooks': API_ORIGIN,
      '/sandbox': API_ORIGIN,
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what every page needs is grouped; antd stays split per component so lazy pages
          // do not drag their widgets into the first load.
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
