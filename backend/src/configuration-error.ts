// The error of a bad setting, apart from config.ts so that `goalie --help` can recognise it without
// loading every setting's parser.

/** A setting this process cannot start with: its message says what to set; shown without a stack trace. */
export class ConfigurationError extends Error {}
