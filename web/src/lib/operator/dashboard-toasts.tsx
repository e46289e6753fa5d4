import { useTranslation } from '../i18n.ts';
import { createToastStore, useDismissAfter, useToasts } from '../toasts.ts';
import './dashboard-toasts.css';

/** One message to the operator about something that finished (or failed) out of view. */
export interface DashboardToast {
  id: number;
  ok: boolean;
  text: string;
}

/** How long a toast stays before leaving by itself. */
const TOAST_MS = 8_000;

/** The dashboard's toasts, oldest first: three at once, older ones give way. */
const toasts = createToastStore<DashboardToast>({ max: 3, newestFirst: false });
let nextId = 1;

/** Shows a toast on the dashboard (the view that started the action may be gone by then). */
export function showDashboardToast(ok: boolean, text: string): void {
  toasts.show({ id: nextId++, ok, text });
}

/** Removes a toast. */
export function dismissDashboardToast(id: number): void {
  toasts.dismiss(id);
}

function Toast({ toast }: { toast: DashboardToast }) {
  const { t } = useTranslation();
  useDismissAfter(toasts, toast.id, TOAST_MS);
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
  const list = useToasts(toasts);
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
