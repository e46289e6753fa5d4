import { vi } from 'vitest';

/** A browser that can receive Web Push, with notification permission `permission`. */
export function pushBrowser(permission: NotificationPermission, grant: NotificationPermission = 'granted') {
  let subscription: { endpoint: string; unsubscribe: () => Promise<boolean> } | null = null;
  const makeSubscription = () => ({
    endpoint: 'https://push.example.com/sub/1',
    options: { applicationServerKey: null },
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
    toJSON: () => ({ endpoint: 'https://push.example.com/sub/1', keys: { p256dh: 'p', auth: 'a' } }),
  });
  const registration = {
    pushManager: {
      getSubscription: vi.fn(async () => subscription),
      subscribe: vi.fn(async () => (subscription = makeSubscription())),
    },
  };
  const FakeNotification = {
    permission,
    requestPermission: vi.fn(async () => {
      FakeNotification.permission = grant;
      return grant;
    }),
  };
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', function PushManager() {
    // Only its presence matters.
  });
  // Every use of the push API starts by asking for the worker: how many times the page did.
  const worker = { asked: 0 };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      get ready() {
        worker.asked += 1;
        return Promise.resolve(registration);
      },
      getRegistration: async () => registration,
    },
  });
  return { registration, FakeNotification, worker, subscribed: () => subscription !== null };
}
