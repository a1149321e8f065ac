import { expect } from 'chai';
import {
  burnInFailedData,
  nextWebhookAttempt,
  reviewFinishedData,
  runFinishedData,
  runStartedData,
  testCaseFailedData,
  WEBHOOK_ATTEMPTS,
  webhookHeaders,
  webhookPayload,
  webhookSignature,
  webhookUrlRefusal,
} from '../../../backend/src/domain/webhooks.js';

describe('webhook signing and payloads', () => {
  it('signs `${timestamp}.${body}` with HMAC-SHA256 (value from openssl dgst -sha256 -hmac)', () => {
    // printf '%s' '1700000000.{"id":"d-1"}' | openssl dgst -sha256 -hmac 'whsec-0123456789abcdef'
    expect(webhookSignature('whsec-0123456789abcdef', 1700000000, '{"id":"d-1"}')).to.equal(
      'sha256=8d63ec13aa6836f9575b98ac967ef0dffc4c5a663a42ed1c63f5892f3201d762',
    );
    const cases: [string, number, string][] = [
      ['another-secret-0123456', 1700000000, '{"id":"d-1"}'],
      ['whsec-0123456789abcdef', 1700000001, '{"id":"d-1"}'],
      ['whsec-0123456789abcdef', 1700000000, '{"id":"d-2"}'],
    ];
    for (const [secret, timestamp, body] of cases)
      expect(webhookSignature(secret, timestamp, body), `${secret} ${timestamp} ${body}`).not.to.equal(
        'sha256=8d63ec13aa6836f9575b98ac967ef0dffc4c5a663a42ed1c63f5892f3201d762',
      );
  });

  it('sends the event, delivery id, timestamp and signature as headers', () => {
    const headers = webhookHeaders(
      '1.2.3',
      'run.finished',
      'd-1',
      'whsec-0123456789abcdef',
      1700000000,
      '{"id":"d-1"}',
    );
    expect(headers).to.deep.equal({
      'Content-Type': 'application/json',
      'User-Agent': 'Goalie-Webhooks/1.2.3',
      'X-Goalie-Event': 'run.finished',
      'X-Goalie-Delivery': 'd-1',
      'X-Goalie-Timestamp': '1700000000',
      'X-Goalie-Signature-256': 'sha256=8d63ec13aa6836f9575b98ac967ef0dffc4c5a663a42ed1c63f5892f3201d762',
    });
  });

  it('builds each event’s payload', () => {
    const run = { id: 'r-1', shortId: 'ABC123', testPlanName: 'Smoke', trigger: 'API' };
    const counts = { passed: 3, failed: 1, error: 0, skipped: 1, cancelled: 0 };
    const review = {
      id: 'v-1',
      shortId: 'R1',
      verdict: 'Changes Requested',
      summary: 'One test failed.',
      changeRequestNumber: 42,
      changeRequestTitle: 'New checkout',
      changeRequestUrl: 'https://github.com/acme/shop/pull/42',
      branch: 'checkout',
      headSha: 'abc',
    };
    const table: [string, unknown, unknown][] = [
      [
        'run.started',
        runStartedData(run, 5, 'https://g/runs/ABC123'),
        {
          run: {
            id: 'r-1',
            shortId: 'ABC123',
            name: 'Smoke',
            trigger: 'API',
            testCases: 5,
            url: 'https://g/runs/ABC123',
          },
        },
      ],
      [
        'run.finished',
        runFinishedData(run, 'COMPLETED', 'FAILED', counts, 'https://g/runs/ABC123'),
        {
          run: {
            ...{ id: 'r-1', shortId: 'ABC123', name: 'Smoke', trigger: 'API' },
            ...{ status: 'COMPLETED', result: 'FAILED', counts, url: 'https://g/runs/ABC123' },
          },
        },
      ],
      [
        'test_case.failed',
        testCaseFailedData(
          { id: 't-1', runTestCaseId: 'rt-1', name: 'Checkout' },
          'FAILED',
          'Total not shown',
          run,
          'https://g/runs/ABC123',
        ),
        {
          testCase: { id: 't-1', runTestCaseId: 'rt-1', name: 'Checkout', result: 'FAILED', reason: 'Total not shown' },
          run: { id: 'r-1', shortId: 'ABC123', url: 'https://g/runs/ABC123' },
          url: 'https://g/runs/ABC123',
        },
      ],
      [
        'burn_in.failed',
        burnInFailedData({ id: 't-1', name: 'Checkout' }, 'No button', 'https://g/test-cases/t-1'),
        { testCase: { id: 't-1', name: 'Checkout', reason: 'No button', url: 'https://g/test-cases/t-1' } },
      ],
      [
        'review.finished',
        reviewFinishedData(review, 'acme/shop', 'https://g/reviews/R1'),
        {
          review: {
            id: 'v-1',
            shortId: 'R1',
            verdict: 'Changes Requested',
            summary: 'One test failed.',
            url: 'https://g/reviews/R1',
          },
          changeRequest: {
            repository: 'acme/shop',
            number: 42,
            title: 'New checkout',
            url: 'https://github.com/acme/shop/pull/42',
            branch: 'checkout',
            headSha: 'abc',
          },
        },
      ],
    ];
    for (const [event, actual, expected] of table) expect(actual, event).to.deep.equal(expected);
    expect(webhookPayload('d-1', 'run.started', new Date(0), { id: 'p-1', slug: 'shop' }, { a: 1 })).to.deep.equal({
      id: 'd-1',
      event: 'run.started',
      createdAt: '1970-01-01T00:00:00.000Z',
      project: { id: 'p-1', slug: 'shop' },
      data: { a: 1 },
    });
  });

  it('retries 6 times, the last about 39 minutes after the first attempt', () => {
    const start = new Date(0);
    let at = start;
    const waits: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextWebhookAttempt(attempts, at);
      if (!next) {
        expect(attempts).to.equal(WEBHOOK_ATTEMPTS);
        break;
      }
      waits.push((next.getTime() - at.getTime()) / 1000);
      at = next;
    }
    expect(waits).to.deep.equal([30, 60, 120, 300, 600, 1200]);
    expect((at.getTime() - start.getTime()) / 60_000).to.equal(38.5);
  });

  it('refuses URLs by scheme and address before any DNS', () => {
    const none = { allowLoopback: false, allowPrivate: false };
    const both = { allowLoopback: true, allowPrivate: true };
    const table: [string, typeof none, RegExp | null][] = [
      ['https://hooks.example.com/goalie', none, null],
      ['https://93.184.216.34/x', none, null],
      ['http://hooks.example.com/x', none, /plain http, which is allowed only for loopback or private addresses/],
      ['http://hooks.internal/x', both, null],
      ['http://93.184.216.34/x', both, /plain http to a public address/],
      ['http://10.0.0.5/x', both, null],
      ['http://10.0.0.5/x', { allowLoopback: true, allowPrivate: false }, /private network address/],
      ['http://127.0.0.1:9000/x', both, null],
      ['https://localhost/x', none, /loopback address, which this project does not allow/],
      ['https://169.254.169.254/x', both, /cloud metadata address, which a webhook may never reach/],
      ['https://[fd00:ec2::254]/x', both, /cloud metadata address/],
      ['https://metadata.google.internal/x', both, /cloud metadata address/],
      ['https://169.254.1.1/x', both, /link-local address/],
      ['https://0x7f.1/x', none, /loopback address/],
      ['ftp://hooks.example.com/x', both, /is not an https URL/],
      ['hooks.example.com', both, /is not an absolute URL/],
    ];
    for (const [url, access, refusal] of table) {
      const why = webhookUrlRefusal(url, access);
      if (refusal) expect(why, url).to.match(refusal);
      else expect(why, url).to.equal(null);
    }
  });
});
