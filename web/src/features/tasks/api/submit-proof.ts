import type { PlanetId, ProofFields } from '@gomeum/contracts';
import * as routes from '@gomeum/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadRequest, type UploadOptions } from '../../../lib/upload-request.ts';
import { taskScreenQuery } from './get-task-screen.ts';
import { taskLogsQuery } from './list-task-logs.ts';
import { taskKeys } from './keys.ts';

/** A proof: its text fields and an optional image file. */
export interface ProofSubmission extends ProofFields {
  image: File | null;
}

/** Sends a proof as a multipart form, reporting upload progress and stoppable through `options`. */
export function submitProof(planet: PlanetId, proof: ProofSubmission, options?: UploadOptions) {
  const form = new FormData();
  form.append('date', proof.date);
  form.append('title', proof.title);
  form.append('content', proof.content);
  if (proof.image) form.append('image', proof.image);
  return uploadRequest(routes.submitProof, { planetId: planet }, form, options);
}

/** Submits a proof; the new entry and the completed task show at once. */
export function useSubmitProof(planet: PlanetId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ options, ...proof }: ProofSubmission & { options?: UploadOptions }) =>
      submitProof(planet, proof, options),
    onSuccess: ({ log, userTask }) => {
      queryClient.setQueryData(taskLogsQuery(planet).queryKey, (list) =>
        list ? { items: [log, ...list.items] } : list,
      );
      queryClient.setQueryData(taskScreenQuery(planet).queryKey, (screen) =>
        screen ? { ...screen, userTask } : screen,
      );
      void queryClient.invalidateQueries({ queryKey: taskKeys.planet(planet) });
    },
  });
}
