// Secret config values never reach a language model: every config value in a prompt becomes its
// `{{config.key}}` placeholder, the same placeholder a recorded step keeps. Pure.
import { placeholderFor } from '../../domain/goal-language/login-keys.js';
import { maskSecrets, type SecretValue } from '../../domain/mask-secrets.js';
import type { ConfigValues } from '../../domain/steps.js';

/** Every config value, secret or not (a prompt needs none of them), with its placeholder. */
function configSecrets(configs: ConfigValues): SecretValue[] {
  return Object.entries(configs).flatMap(([name, values]) =>
    Object.entries(values).map(([key, value]) => ({ value, placeholder: placeholderFor(configs, name, key) })),
  );
}

export function redactSecrets(text: string, configs: ConfigValues): string {
  return maskSecrets(text, configSecrets(configs));
}
