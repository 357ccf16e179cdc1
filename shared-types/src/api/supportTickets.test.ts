import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { createSupportTicketSchema, updateSupportTicketSchema } from './supportTickets';
import { validateInput } from './validate';

const fieldsOf = async (schema: AnySchema, value: unknown) => {
  const result = await validateInput(schema, value);
  return result.ok ? {} : result.fields;
};

describe('support ticket schemas', () => {
  it('gives the spec messages', async () => {
    expect(await fieldsOf(createSupportTicketSchema, { subject: '', message: 'too short' })).toEqual({
      subject: 'Subject is required',
      message: 'Message must be at least 10 characters',
    });
    expect(
      await fieldsOf(createSupportTicketSchema, { subject: 'x'.repeat(201), message: 'long enough now' }),
    ).toEqual({
      subject: 'Subject must be at most 200 characters',
    });
  });

  it('admin update: a known status, optional response', async () => {
    expect(await fieldsOf(updateSupportTicketSchema, { status: 'done' })).toEqual({
      status: 'Status must be one of: open, in_progress, resolved, closed',
    });
    expect(await fieldsOf(updateSupportTicketSchema, { status: 'resolved' })).toEqual({});
    expect(await fieldsOf(updateSupportTicketSchema, { status: 'resolved', adminResponse: 42 })).toEqual({
      adminResponse: 'adminResponse must be text',
    });
  });
});
