/// <reference types="vite/client" />

/** The build's version string, also served as /version.json. */
declare const __APP_VERSION__: string;
