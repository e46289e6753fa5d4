// Node loader hook for scripts run outside Vite: a `.css` import resolves to an empty module.
import { register } from 'node:module';

const hooks = `
export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}
`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);
