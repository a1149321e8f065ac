// `${NAME}` and `${NAME:-default}` in a project file: the one pattern the loader fills and the client
// reads (no dependencies, so the single-file client can hold it).

export const ENV_PATTERN = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Every `${NAME}` the text refers to: a client sends the server these variables' values, no others. */
export function referencedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(ENV_PATTERN)].map((match) => match[1]!))].sort();
}
