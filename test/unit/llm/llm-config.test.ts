// GOALIE_LLM_*: all or nothing, checked at start-up with messages that say how to fix them.
import { expect } from 'chai';
import { loadConfig } from '../../../backend/src/config.js';

describe('language model configuration', () => {
  it('is off without the variables', () => {
    expect(loadConfig({}).llm).to.equal(null);
    expect(loadConfig({ GOALIE_LLM_BASE_URL: '' }).llm).to.equal(null);
  });

  it('reads the endpoint, key, model, timeout and retries', () => {
    expect(
      loadConfig({
        GOALIE_LLM_BASE_URL: 'https://api.openai.com/v1/',
        GOALIE_LLM_API_KEY: 'sk-1',
        GOALIE_LLM_MODEL: 'gpt-4.1-mini',
      }).llm,
    ).to.deep.equal({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-1',
      model: 'gpt-4.1-mini',
      timeoutMs: 60_000,
      maxRetries: 2,
    });
    // Ollama and other local servers need no key.
    expect(
      loadConfig({
        GOALIE_LLM_BASE_URL: 'http://localhost:11434/v1',
        GOALIE_LLM_MODEL: 'llama3.1',
        GOALIE_LLM_TIMEOUT_MS: '120000',
        GOALIE_LLM_MAX_RETRIES: '0',
      }).llm,
    ).to.deep.equal({
      baseUrl: 'http://localhost:11434/v1',
      apiKey: null,
      model: 'llama3.1',
      timeoutMs: 120_000,
      maxRetries: 0,
    });
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => loadConfig({ GOALIE_LLM_BASE_URL: 'localhost:11434/v1', GOALIE_LLM_MODEL: 'm' })).to.throw(
      /GOALIE_LLM_BASE_URL must start with http:\/\/ or https:\/\/, got "localhost:11434\/v1"/,
    );
    expect(() => loadConfig({ GOALIE_LLM_BASE_URL: 'api.openai.com', GOALIE_LLM_MODEL: 'm' })).to.throw(
      /GOALIE_LLM_BASE_URL must be an http\(s\) URL such as https:\/\/api\.openai\.com\/v1/,
    );
    expect(() => loadConfig({ GOALIE_LLM_BASE_URL: 'https://user:pw@example.com/v1', GOALIE_LLM_MODEL: 'm' })).to.throw(
      /must not hold credentials; put the key in GOALIE_LLM_API_KEY/,
    );
  });

  it('needs a model when the base URL is set', () => {
    expect(() => loadConfig({ GOALIE_LLM_BASE_URL: 'https://api.openai.com/v1', GOALIE_LLM_API_KEY: 'sk-1' })).to.throw(
      /GOALIE_LLM_MODEL is required when GOALIE_LLM_BASE_URL is set/,
    );
  });

  it('refuses a model or key without a base URL instead of ignoring them', () => {
    expect(() => loadConfig({ GOALIE_LLM_MODEL: 'gpt-4.1-mini', GOALIE_LLM_API_KEY: 'sk-1' })).to.throw(
      /GOALIE_LLM_MODEL and GOALIE_LLM_API_KEY are set but GOALIE_LLM_BASE_URL is not\. Set it to .*https:\/\/api\.openai\.com\/v1 for OpenAI/,
    );
    expect(() => loadConfig({ GOALIE_LLM_API_KEY: 'sk-1' })).to.throw(
      /^GOALIE_LLM_API_KEY is set but GOALIE_LLM_BASE_URL is not/,
    );
  });

  it('checks the timeout and the retries', () => {
    const base = { GOALIE_LLM_BASE_URL: 'http://127.0.0.1:8000/v1', GOALIE_LLM_MODEL: 'm' };
    expect(() => loadConfig({ ...base, GOALIE_LLM_TIMEOUT_MS: '60s' })).to.throw(
      /GOALIE_LLM_TIMEOUT_MS must be a whole number of at least 1000, got "60s"/,
    );
    expect(() => loadConfig({ ...base, GOALIE_LLM_MAX_RETRIES: '-1' })).to.throw(
      /GOALIE_LLM_MAX_RETRIES must be a whole number of at least 0/,
    );
  });
});
