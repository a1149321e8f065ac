// Goalie's own ports on this machine (its API, its database, its metrics port), which a POST made on
// a project's behalf (webhooks, Teams) may never reach, by loopback or by any address of the
// machine's interfaces, in any spelling (::ffff:10.0.0.5 is 10.0.0.5).
import os from 'node:os';
import { ownAddressCheck, type OwnPorts } from '../../domain/url-policy.js';

export function machineOwnPorts(ports: readonly number[]): OwnPorts {
  const interfaces = Object.values(os.networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => i.address);
  return { ports, isOwnAddress: ownAddressCheck(interfaces) };
}
