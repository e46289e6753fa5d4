import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n.ts';
import './dashboard-toasts.css';

/** One message to the operator about something that finished (or failed) out of view. */
export interface DashboardToast {
  id: number;
  ok: boolean;
  text: string;
}

/** How long a toast stays before leaving by itself. */
const TOAST_MS = 8_000;

let toasts: readonly DashboardToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows a toast on the dashboard (the view that started the action may be gone by then). */
export function showDashboardToast(ok: boolean, text: string): void {
  toasts = [...toasts, { id: nextId++, ok, text }].slice(-3);
  emit();
}

/** Removes a toast. */
export function dismissDashboardToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function Toast({ toast }: { toast: DashboardToast }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismissDashboardToast(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <li className={`dashboard-toast ${toast.ok ? 'dashboard-toast--ok' : 'dashboard-toast--error'}`}>
      <span>{toast.text}</span>
      <button
        type="button"
        className="dashboard-toast__close"
        aria-label={t('dashboard.toast_close')}
        onClick={() => dismissDashboardToast(toast.id)}
      >
        ×
      </button>
    </li>
  );
}

/** The dashboard's toasts, bottom right, announced politely. */
export function DashboardToasts() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    // A live region around the list (a <ul> may not take the status role itself).
    <div role="status" aria-live="polite">
      <ul className="dashboard-toasts">
        {list.map((toast) => (
          <Toast key={toast.id} toast={toast} />
        ))}
      </ul>
    </div>
  );
}
