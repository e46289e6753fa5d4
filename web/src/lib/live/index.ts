/** The tab's live connection (`routes.live`), for any feature to subscribe to. */
export { LiveClient, liveUrl, type LiveClientOptions, type LiveStatus } from './live-client.ts';
export { LiveProvider, useLive, useLiveEvent, useLiveOpen, useLiveStatus } from './live-provider.tsx';
