/** The live channel: the hub features publish through, its buses and the live route (`routes.live`). */
export { InProcessBus, RedisBus, type LiveBus, type LiveEnvelope, type LiveTarget } from './bus.ts';
export { LiveHub, type LiveConnection, type LiveHandler, type LiveSocket } from './hub.ts';
export { connectLive } from './connect.ts';
export { liveRoutes, type LiveRoutesOptions } from './live.routes.ts';
