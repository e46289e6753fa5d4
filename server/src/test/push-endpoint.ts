/**
 * A push service of our own for tests: https on loopback with a self-signed certificate, the
 * browser's side of a subscription (its keys) and the decryption a browser does, so a test sees
 * exactly what a device would show. The same module serves the operator-push benchmark.
 */
export { decrypt, newBrowserKeys, startPushService, type Received } from '../../../bench/push-service.mjs';
