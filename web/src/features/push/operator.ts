/** The operator's alerts switch, for the dashboard only (its lazy chunk): never re-exported by index.ts. */
export { OperatorAlertsSwitch } from './components/operator-alerts-switch.tsx';
