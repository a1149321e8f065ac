// The two tiers of the suite (docs/development.md): `npm test` is the fast tier, `npm run test:stress`
// (GOALIE_TEST_TIER=stress) holds volume and randomness. A storm file runs in both: small in the fast
// tier, one path through each race, and at full size in the stress tier.
export const STRESS = process.env.GOALIE_TEST_TIER === 'stress';

/** `fast` in the fast tier, `stress` in the stress tier. */
export function bySize<T>(fast: T, stress: T): T {
  return STRESS ? stress : fast;
}
