import { describe, expect, it } from 'vitest';
import { decodeForm, FormDecodeError, formList, formString, MAX_FORM_PARAMS } from './formBody';

describe('decodeForm', () => {
  it('decodes what the Stripe SDK sends: nested metadata, indexed lists, plain values', () => {
    const body = decodeForm(
      'amount=67000&currency=usd&metadata[userId]=7&metadata[campaignId]=12&automatic_payment_methods[enabled]=true&expand[0]=data.promotion.coupon&expand[1]=customer',
    );
    expect(body).toEqual({
      amount: '67000',
      currency: 'usd',
      metadata: { userId: '7', campaignId: '12' },
      automatic_payment_methods: { enabled: 'true' },
      expand: ['data.promotion.coupon', 'customer'],
    });
  });

  it('decodes percent-encoded brackets, spaces and the browser’s card details', () => {
    const body = decodeForm(
      'key=pk_sandbox&client_secret=pi_1_secret_x&payment_method_data%5Btype%5D=card&payment_method_data%5Bcard%5D%5Bnumber%5D=4242+4242+4242+4242&description=Campaign%20setup%3A%20A%26B',
    );
    expect(body.payment_method_data).toEqual({ type: 'card', card: { number: '4242 4242 4242 4242' } });
    expect(formString(body, 'payment_method_data', 'card', 'number')).toBe('4242 4242 4242 4242');
    expect(body.description).toBe('Campaign setup: A&B');
  });

  it('appends for [] and keeps lists in index order', () => {
    expect(decodeForm('expand[]=a&expand[]=b').expand).toEqual(['a', 'b']);
    expect(decodeForm('x[2]=c&x[0]=a&x[1]=b').x).toEqual(['a', 'b', 'c']);
    expect(formList(decodeForm('expand=one'), 'expand')).toEqual(['one']);
  });

  it('keeps an empty value (Stripe’s way to unset a metadata key)', () => {
    expect(decodeForm('metadata[couponId]=&metadata=').metadata).toBe('');
    expect(decodeForm('metadata[couponId]=').metadata).toEqual({ couponId: '' });
  });

  it('refuses prototype keys, deep nesting and huge bodies', () => {
    expect(() => decodeForm('__proto__[polluted]=1')).toThrow(FormDecodeError);
    expect(() => decodeForm('a[constructor][prototype]=1')).toThrow(FormDecodeError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => decodeForm('a[b][c][d][e][f][g]=1')).toThrow(/nested too deeply/);
    const many = Array.from({ length: MAX_FORM_PARAMS + 1 }, (_, i) => `k${i}=1`).join('&');
    expect(() => decodeForm(many)).toThrow(/Too many parameters/);
  });

  it('takes a key that is not bracket notation literally', () => {
    expect(decodeForm('a]b=1&c[d=2')).toEqual({ 'a]b': '1', 'c[d': '2' });
  });
});
