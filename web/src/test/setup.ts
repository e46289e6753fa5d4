import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests of build scripts and of the lint config run in Node (`@vitest-environment node`): no DOM.
const browser = typeof window !== 'undefined';

// jsdom has no <dialog> modality: opening and closing (the element's `open`) are what tests check.
if (browser)
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
if (browser && typeof HTMLDialogElement.prototype.close !== 'function') {
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

afterEach(() => {
  if (!browser) return;
  cleanup();
  localStorage.clear();
});
