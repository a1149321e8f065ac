// GOALIE_SMTP_URL and GOALIE_SMTP_FROM: both or neither, and a message per mistake.
import { expect } from 'chai';
import { ConfigurationError, loadConfig } from '../../backend/src/config.js';

describe('config: the SMTP server of email notifications', () => {
  it('is off without GOALIE_SMTP_URL', () => {
    expect(loadConfig({}).smtp).to.equal(null);
  });

  it('takes smtp:// and smtps:// URLs with a sender, with or without a display name', () => {
    expect(
      loadConfig({ GOALIE_SMTP_URL: 'smtp://u:p%40ss@smtp.example.com:587', GOALIE_SMTP_FROM: 'goalie@example.com' })
        .smtp,
    ).to.deep.equal({ url: 'smtp://u:p%40ss@smtp.example.com:587', from: 'goalie@example.com' });
    expect(
      loadConfig({ GOALIE_SMTP_URL: 'smtps://smtp.example.com', GOALIE_SMTP_FROM: 'Goalie <qa@example.com>' }).smtp,
    ).to.deep.equal({ url: 'smtps://smtp.example.com', from: 'Goalie <qa@example.com>' });
  });

  const refused: { env: Record<string, string>; says: string }[] = [
    { env: { GOALIE_SMTP_FROM: 'goalie@example.com' }, says: 'GOALIE_SMTP_FROM is set but GOALIE_SMTP_URL is not' },
    { env: { GOALIE_SMTP_URL: 'smtp://smtp.example.com' }, says: 'GOALIE_SMTP_URL is set but GOALIE_SMTP_FROM is not' },
    {
      env: { GOALIE_SMTP_URL: 'https://smtp.example.com', GOALIE_SMTP_FROM: 'a@example.com' },
      says: 'GOALIE_SMTP_URL must start with smtp:// or smtps://, not https://',
    },
    {
      env: { GOALIE_SMTP_URL: 'smtp.example.com:587', GOALIE_SMTP_FROM: 'a@example.com' },
      says: 'GOALIE_SMTP_URL must start with smtp:// or smtps://',
    },
    {
      env: { GOALIE_SMTP_URL: 'not a url', GOALIE_SMTP_FROM: 'a@example.com' },
      says: 'GOALIE_SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587',
    },
    {
      env: { GOALIE_SMTP_URL: 'smtp://smtp.example.com', GOALIE_SMTP_FROM: 'Goalie' },
      says: 'GOALIE_SMTP_FROM must be an email address such as goalie@example.com',
    },
  ];
  for (const r of refused)
    it(`refuses ${JSON.stringify(r.env)}`, () => {
      expect(() => loadConfig(r.env))
        .to.throw(ConfigurationError)
        .with.property('message')
        .that.includes(r.says);
    });
});
