import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ReactNode } from 'react';
import { MemoryRouter } from './router.tsx';
import { vi } from 'vitest';

/** One request the component sent: its method, its URL as given to fetch, and its JSON body. */
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** What a route answers: a JSON body (status 200), or a full Response; or a function of the request giving one. */
type Reply = Response | Record<string, unknown> | unknown[];
type Handler = (request: { params: Record<string, string>; body: unknown; url: URL; call: Call }) => unknown;

/** A JSON response, as the server sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's error body, with its status. */
export function apiError(status: number, code: string): Response {
  return json({ error: { code, message: code } }, status);
}

/**
 * A fake server behind `fetch`, matched by method and path (`'GET /api/operator/moon/questions/:id/answers'`,
 * the query string ignored), so tests depend on what goes over the wire, not on the API modules.
 * A request no route matches answers 404 and is kept in `unmatched`, for the test to check.
 */
export function fakeServer(routes: Record<string, Reply | Handler>) {
  const calls: Call[] = [];
  const unmatched: Call[] = [];
  const table = Object.entries(routes).map(([key, reply]) => {
    const [method = 'GET', pattern = ''] = key.split(' ');
    const names: string[] = [];
    const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { method, regex: new RegExp(`^${source}$`), names, reply };
  });
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // not JSON: kept as the text it is
      }
    }
    const call = { method, url: raw, body };
    calls.push(call);
    for (const route of table) {
      const match = route.method === method ? route.regex.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
      const reply = typeof route.reply === 'function' ? route.reply({ params, body, url, call }) : route.reply;
      const resolved: unknown = await reply;
      // A Response given once answers every call: each gets its own copy to read.
      return resolved instanceof Response ? resolved.clone() : json(resolved);
    }
    unmatched.push(call);
    return apiError(404, 'errors.not_found');
  });
  vi.stubGlobal('fetch', fetch);
  // Uploads with progress (lib/upload-request.ts) go through XMLHttpRequest: answered by the same table.
  const uploads: FakeUpload[] = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUpload {
      constructor() {
        super(fetch);
        uploads.push(this);
      }
    },
  );
  /** The calls sent with this method to a path starting with `prefix`. */
  const sent = (method: string, prefix: string) => calls.filter((c) => c.method === method && c.url.startsWith(prefix));
  /** The calls sent with this method to exactly `path` (whatever their query): not to a path below it. */
  const sentTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.url.split('?')[0] === path);
  return { calls, unmatched, sent, sentTo, fetch, uploads };
}

type ProgressEventLike = { lengthComputable: boolean; loaded: number; total: number };

/**
 * An XMLHttpRequest upload answered by the fake server's table (its call is recorded like a
 * fetch's); `progress(loaded, total)` reports upload progress, as a browser does while it sends.
 */
export class FakeUpload {
  upload: { onprogress: ((event: ProgressEventLike) => void) | null } = { onprogress: null };
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  method = '';
  url = '';
  aborted = false;
  constructor(private readonly send$: (input: string, init: RequestInit) => Promise<Response>) {}
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.send$(this.url, { method: this.method, body }).then(
      async (response) => {
        if (this.aborted) return;
        this.status = response.status;
        this.statusText = response.statusText;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => {
        if (!this.aborted) this.onerror?.();
      },
    );
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
}

/**
 * Renders with a fresh query client (no retries) and a router at `path`; `prepare` may put what the
 * app already knows into the client first (who is signed in).
 */
export function renderWithClient(ui: ReactNode, path = '/', prepare?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  prepare?.(client);
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/**
 * Renders a hook with a fresh query client (no retries) and a router at `path`, as
 * `renderWithClient` renders a component; `location()` is where the router is now.
 */
export function renderHookWithClient<Result>(hook: () => Result, path = '/', prepare?: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  prepare?.(client);
  const memory = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        {children}
      </Router>
    </QueryClientProvider>
  );
  return { client, location: () => memory.history.at(-1), ...renderHook(hook, { wrapper }) };
}
