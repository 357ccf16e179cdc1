// The baseline for bench:api: the same Koa version answering a fixed JSON body, nothing else.
import http from 'node:http';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { ok: true, id: 1, email: 'bench@example.com' };
});
const server = http.createServer(app.callback()).listen(Number(process.env.PORT), () => console.log('bare koa listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
