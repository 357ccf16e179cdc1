import Router from '@koa/router';
import { contactSchema } from '@ringcast/shared-types';
import { validateBody } from '../middlewares/validate';
import { submitContactMessage } from '../services/contact';
import { rateLimit } from '../middlewares/rateLimit';

export const contactRouter = new Router();

// Counted before the message is stored, so a refused one never reaches the admins' screens.
contactRouter.post('/api/contact', rateLimit('contactPerAddress'), async (ctx) => {
  const input = await validateBody(ctx, contactSchema);
  const message = await submitContactMessage(input);
  ctx.status = 201;
  ctx.body = { id: message.id, message: "Thanks for reaching out. We'll get back to you within 24 hours." };
});
