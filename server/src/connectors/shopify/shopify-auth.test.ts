import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shopifySignedMessage, verifyShopifyQuery } from './shopify-auth.js';

const at = (seconds: number) => seconds * 1000;

describe('Shopify query signatures', () => {
  it("verifies Shopify's documented example (secret 'hush')", () => {
    const query = { code: '0907a61c0c8d55e99db179b68161bc00', shop: 'some-shop.myshopify.com', state: '0.6784241404160823', timestamp: '1337178173', hmac: '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf' };
    expect(verifyShopifyQuery('hush', query, at(1337178173))).toBe(true);
    expect(verifyShopifyQuery('hush', { ...query, state: '0.6784241404160824' }, at(1337178173))).toBe(false);
    expect(verifyShopifyQuery('hush', query, at(1337178173 + 25 * 3600))).toBe(false);
  });

  it('signs values that URL encoding changes in their form encoding, whatever the parameter order', () => {
    const query = { timestamp: '1767600000', state: 'a b+c/d=e&f%g', shop: 'acme.myshopify.com', host: 'YWRtaW4+c2hvcA==', signature: 'legacy' };
    expect(shopifySignedMessage(query)).toBe('host=YWRtaW4%2Bc2hvcA%3D%3D&shop=acme.myshopify.com&state=a+b%2Bc%2Fd%3De%26f%25g&timestamp=1767600000');
    const sign = (message: string) => createHmac('sha256', 'secret').update(message).digest('hex');
    expect(verifyShopifyQuery('secret', { ...query, hmac: sign(shopifySignedMessage(query)) }, at(1767600000))).toBe(true);
    const raw = 'host=YWRtaW4+c2hvcA==&shop=acme.myshopify.com&state=a b+c/d=e&f%g&timestamp=1767600000';
    expect(verifyShopifyQuery('secret', { ...query, hmac: sign(raw) }, at(1767600000))).toBe(false);
  });

  it('a repeated parameter signs each of its values', () => {
    expect(shopifySignedMessage({ b: ['2', '1'], a: 'x', hmac: 'h' })).toBe('a=x&b=2&b=1');
  });
});
