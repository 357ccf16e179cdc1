import type { Middleware } from 'koa';
import serve from 'koa-static';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';
import { isServerPath } from './serverPaths';

/**
 * Serves the built SPA: files from frontend/dist (hashed assets cached for a year), and index.html
 * for every other GET so the client router can show the page (or its 'Page Not Found').
 */
export function spa(): Middleware {
  const staticFiles = serve(config.frontendDist, {
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const indexFile = path.join(config.frontendDist, 'index.html');
  const serveApp: Middleware = async (ctx) => {
    await staticFiles(ctx, async () => {});
    if (ctx.body !== undefined) return;
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.createReadStream(indexFile);
  };
  // API calls pass straight through, without an async layer of their own.
  return (ctx, next) =>
    (ctx.method !== 'GET' && ctx.method !== 'HEAD') || isServerPath(ctx.path) ? next() : serveApp(ctx, next);
}
