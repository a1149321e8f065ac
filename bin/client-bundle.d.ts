// Types of bin/client-bundle.js (plain JavaScript, so `goalie` starts without tsx), for its tests.
export function clientBundleFile(): string;
export const CLIENT_COMMAND_NAMES: Set<string>;
export function freshClientBundle(): string | null;
export function buildClientBundle(): Promise<string | null>;
export function clientBundle(): Promise<string | null>;
