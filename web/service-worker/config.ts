/**
 * What the build compiles into the service worker (`__GOMEUM_SW__`): its cache of last reads and
 * the API's routes it knows, taken from the contracts' route table (scripts/service-worker-routes.ts).
 */
export interface ServiceWorkerConfig {
  /** The cache of the user's last-read answers (the page clears it on sign-in and sign-out). */
  dataCache: string;
  api: {
    /** Where the API's paths begin. */
    prefix: string;
    /** The cached reads' matchers (`RegExp` sources). */
    reads: string[];
    /** Each write that changes cached reads: its method, its matcher, and those reads' paths (`:name` filled from the write's). */
    refreshes: { method: string; pattern: string; reads: string[] }[];
  };
}
