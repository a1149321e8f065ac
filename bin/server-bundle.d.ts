// Types of bin/server-bundle.js (plain JavaScript, so `goalie` starts without tsx), for its tests.
export function serverBundleDir(): string;
export function freshServerBundle(): string | null;
export function buildServerBundle(): Promise<string | null>;
export function serverBundle(): Promise<string | null>;
