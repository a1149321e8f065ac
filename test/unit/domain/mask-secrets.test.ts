import { expect } from 'chai';
import { maskDeep, maskSecrets } from '../../../backend/src/domain/mask-secrets.js';

describe('masking secret values', () => {
  const secrets = [{ value: 'S3cr3t Zebra&"7781"', placeholder: '{{config.password}}' }];

  it('masks a value as written and as JSON, a URL, a form body and HTML show it', () => {
    const forms = [
      'S3cr3t Zebra&"7781"',
      'S3cr3t Zebra&\\"7781\\"',
      'S3cr3t%20Zebra%26%227781%22',
      'S3cr3t+Zebra%26%227781%22',
      'S3cr3t%20Zebra&%227781%22',
      'S3cr3t Zebra&amp;&quot;7781&quot;',
    ];
    for (const form of forms)
      expect(maskSecrets(`before ${form} after`, secrets), form).to.equal('before {{config.password}} after');
  });

  it('masks the longer of two values whole, and short values only as whole words', () => {
    const both = [
      { value: 'abcd', placeholder: '{{config.a}}' },
      { value: 'abcdef', placeholder: '{{config.b}}' },
      { value: '42', placeholder: '{{config.pin}}' },
    ];
    expect(maskSecrets('abcdef abcd 42 420 a42 "42"', both)).to.equal(
      '{{config.b}} {{config.a}} {{config.pin}} 420 a42 "{{config.pin}}"',
    );
  });

  it('masks every string in a JSON-like value and keeps the rest', () => {
    const outcome = {
      title: 'No S3cr3t Zebra&"7781"',
      count: 3,
      healed: [{ sentence: 'Type S3cr3t Zebra&"7781"' }],
      none: null,
    };
    expect(maskDeep(outcome, secrets)).to.deep.equal({
      title: 'No {{config.password}}',
      count: 3,
      healed: [{ sentence: 'Type {{config.password}}' }],
      none: null,
    });
    expect(maskSecrets('nothing secret', [])).to.equal('nothing secret');
  });
});
