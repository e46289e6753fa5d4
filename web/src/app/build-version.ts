/** Name of the `<meta>` the build writes its version into (see scripts/build-version.ts). */
export const VERSION_META_NAME = 'gomeum-version';

/** The version of the build this page came from, as its index.html says; 'dev' when unbuilt. */
export function pageBuildVersion(doc: Document = document): string {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${VERSION_META_NAME}"]`)?.content || 'dev';
}
