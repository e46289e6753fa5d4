import { API, gomeumLogSchema, okSchema, operatorGomeumTaskSchema, type PlanetId } from '@gomeum/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Gomeum's task on a planet and its log. */
export function getGomeumTask(planet: PlanetId) {
  return apiRequest('GET', `/api/operator/gomeum-tasks/${planet}`, operatorGomeumTaskSchema);
}

/** Gomeum's task on a planet, for the editor. */
export function useGomeumTask(planet: PlanetId) {
  return useQuery({ queryKey: ['operator', 'gomeum-task', planet], queryFn: () => getGomeumTask(planet) });
}

/** Saves Gomeum's task: the form's fields (description_en…reward_ko, proof) and an optional image. */
export function saveGomeumTask(planet: PlanetId, form: FormData) {
  return apiRequest('PUT', `/api/operator/gomeum-tasks/${planet}`, operatorGomeumTaskSchema, form);
}

/** Saves Gomeum's task and shows the saved version. */
export function useSaveGomeumTask(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => saveGomeumTask(planet, form),
    onSuccess: (saved) => queryClient.setQueryData(['operator', 'gomeum-task', planet], saved),
  });
}

/** Writes a new Gomeum log entry on a planet (content and images). */
export function addGomeumLog(planet: PlanetId, form: FormData) {
  return apiRequest('POST', `/api/operator/gomeum-logs/${planet}`, gomeumLogSchema, form);
}

/** Writes a Gomeum log entry; the editor's list and every planet log refresh. */
export function useAddGomeumLog(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => addGomeumLog(planet, form),
    onSuccess: () => refreshGomeumLogs(queryClient, planet),
  });
}

/** After Gomeum's log changes: the editor's list and every planet log refresh. */
async function refreshGomeumLogs(queryClient: ReturnType<typeof useQueryClient>, planet: PlanetId) {
  await queryClient.invalidateQueries({ queryKey: ['operator', 'gomeum-task', planet] });
  await queryClient.invalidateQueries({ queryKey: ['gomeum-logs', planet] });
}

/** Corrects the text of one of Gomeum's log entries. */
export function useEditGomeumLog(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: string; content: string }) =>
      apiRequest('PUT', API.operatorGomeumLog(planet, id), gomeumLogSchema, { content }),
    onSuccess: () => refreshGomeumLogs(queryClient, planet),
  });
}

/** Takes back one of Gomeum's log entries (and its images). */
export function useDeleteGomeumLog(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', API.operatorGomeumLog(planet, id), okSchema),
    onSuccess: () => refreshGomeumLogs(queryClient, planet),
  });
}
