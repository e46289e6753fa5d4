import { PAGE_FIRST_READS, type FirstReadOf } from '@gomeum/contracts';
import { startApart } from './when-idle.ts';

/**
 * Reads what a page shows first, before it renders: the routes the contract names for it
 * (`PAGE_FIRST_READS`, which the server's HTML preloads too), each by its reader. Each read starts
 * in a task of its own, and they still run side by side: on a page the server drew, each is
 * answered from the page at once, and all of them in one task kept a phone from answering a tap
 * for longer than it should wait. A failed read is read again as the page mounts.
 */
export function readFirst<P extends keyof typeof PAGE_FIRST_READS>(
  page: P,
  readers: Record<FirstReadOf<P>, () => Promise<unknown>>,
): Promise<void> {
  const reads: readonly FirstReadOf<P>[] = PAGE_FIRST_READS[page];
  return startApart(reads.map((read) => readers[read]));
}
