// Goalie's own ports on this machine (its API, its database, its metrics port), which a POST made on
// a project's behalf (webhooks, Teams) may never reach, by loopback or by any address of the
// machine's interfaces, in any spelling (::ffff:10.0.0.5 is 10.0.0.5).
import os from 'node:os';
import { ownAddressCheck, type OwnPorts } from '../../domain/url-policy.js';

/** How long the interfaces' addresses are kept: reading them costs a few hundred microseconds. */
const INTERFACES_MS = 5_000;
let interfaces: { at: number; isOwn: (address: string) => boolean } | null = null;

/**
 * Whether an address is one of this machine's interfaces': read again every few seconds, so an
 * address given by DHCP or a container network later soon counts too.
 */
export function isMachineAddress(address: string): boolean {
  if (!interfaces || Date.now() - interfaces.at > INTERFACES_MS) {
    const addresses = Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .map((i) => i.address);
    interfaces = { at: Date.now(), isOwn: ownAddressCheck(addresses) };
  }
  return interfaces.isOwn(address);
}

export function machineOwnPorts(ports: readonly number[]): OwnPorts {
  return { ports, isOwnAddress: isMachineAddress };
}
