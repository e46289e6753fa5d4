// Node loader hook for scripts run outside Vite: a `.css` import resolves to an empty module, and
// an asset's URL (`?url`, which Vite gives the built file's address) to the file's own path.
import { register } from 'node:module';

const hooks = `
export async function load(url, context, nextLoad) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  if (url.endsWith('?url')) {
    const path = new URL(url).pathname;
    return { format: 'module', source: 'export default ' + JSON.stringify(path), shortCircuit: true };
  }
  return nextLoad(url, context);
}
`;

register(`data:text/javascript,${encodeURIComponent(hooks)}`);

// The art's scripts draw the drawings' insides (the app's builds define ART_DRAWINGS false).
globalThis.ART_DRAWINGS = true;
