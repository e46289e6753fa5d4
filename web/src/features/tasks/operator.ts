/** The operator's task screens (proofs waiting for Gomeum, Gomeum's tasks), for the dashboard only: never re-exported by index.ts. */
export { GomeumTaskSection } from './components/gomeum-task-section.tsx';
export { ProofsSection } from './components/proofs-section.tsx';
export { useGomeumTask } from './api/gomeum-task.ts';
export { useRefreshWaitingProofs, useWaitingProofs } from './api/proof-queue.ts';
export { QueueProof } from './components/queue-proof.tsx';
