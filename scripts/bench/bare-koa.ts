// The baseline for bench:api: the same Koa version answering a fixed JSON body the size and shape
// of a signed-in user (what GET /api/auth/user answers), nothing else: no session, no database.
import http from 'node:http';
import Koa from 'koa';

const user = {
  id: 1,
  firstName: 'Test',
  lastName: 'User',
  email: 'user.bench.0@example.com',
  profileImageUrl: null,
  companyName: null,
  phoneNumber: null,
  twilioAccountSid: null,
  twilioAuthToken: null,
  twilioPhoneNumber: null,
  stripeCustomerId: null,
  isAdmin: false,
  createdAt: new Date().toISOString(),
};

const app = new Koa();
app.use((ctx) => {
  ctx.body = user;
});
const server = http
  .createServer(app.callback())
  .listen(Number(process.env.PORT), () => console.log('bare koa listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
