import type { PlanetId } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useLiveEvent, useLiveOpen } from '../../../lib/live/index.ts';
import { taskKeys } from './keys.ts';

/** Gomeum's log on a planet, newest first. */
export function listGomeumLogs(planet: PlanetId) {
  return api(routes.gomeumLogs, { params: { planetId: planet } });
}

/** Query options for Gomeum's log on a planet. */
export function gomeumLogsQuery(planet: PlanetId) {
  return queryOptions({ queryKey: taskKeys.gomeumLogs(planet), queryFn: () => listGomeumLogs(planet) });
}

/**
 * Gomeum's log on a planet. What Gomeum writes, corrects or takes back there arrives live: the log
 * is read again; after a reconnect too, in case something changed meanwhile.
 */
export function useGomeumLogs(planet: PlanetId) {
  const queryClient = useQueryClient();
  const { queryKey } = gomeumLogsQuery(planet);
  const query = useQuery(gomeumLogsQuery(planet));
  const refresh = ({ planet: changed }: { planet: PlanetId }) => {
    if (changed === planet) void queryClient.invalidateQueries({ queryKey });
  };
  // Since the log was read: on a rendered page this part may hydrate after the socket opened.
  useLiveEvent('gomeum_log.published', refresh, query.dataUpdatedAt);
  useLiveEvent('gomeum_log.changed', refresh, query.dataUpdatedAt);
  // The first open comes with the first fetch; only later ones (reconnects) read the log again.
  const opened = useRef(false);
  useLiveOpen(() => {
    if (opened.current) void queryClient.invalidateQueries({ queryKey });
    opened.current = true;
  });
  return query;
}
