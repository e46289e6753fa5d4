import { GALAXY_API, galaxyStandingSchema } from '@gomeum/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Where the user stands on every planet (state, progress, Gomeum's news). */
export function getGalaxy() {
  return apiRequest('GET', GALAXY_API.standing, galaxyStandingSchema);
}

/** The galaxy's standings; fetched on each visit, so a planet just looked at loses its dot. */
export function useGalaxy() {
  return useQuery({ queryKey: ['galaxy'] as const, queryFn: getGalaxy });
}
