import { use, type ComponentType } from 'react';

/**
 * A part of a page whose code is a chunk of its own, loaded when it first renders (React's `use` of
 * the import; inside a Suspense boundary) or ahead of that (`preload`). Like `React.lazy`, but once
 * loaded it renders without suspending: the server's render preloads it as its module loads, so it
 * renders with the page, and in the browser the boundary around it hydrates once its code is in
 * (the server's HTML shown meanwhile).
 */
export function lazyPart<P extends object, M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { Part: ComponentType<P>; preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then((module) => (loaded = pick(module)));
    return loading;
  };
  if (import.meta.env.SSR) void preload();
  function Part(props: P) {
    const Loaded = loaded ?? use(preload());
    // The part's own component, the same one on every render (loaded once, kept above).
    return <Loaded {...props} />;
  }
  return { Part, preload };
}
