import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { options } from 'preact';
import { afterEach } from 'vitest';
import { takeSchemaMismatches } from './schema-mismatches';

// The app runs on Preact, which runs effects (useEffect) after the next animation frame, some 16 ms
// after a render under jsdom (and never on a fake clock that stands still). Here they run right after
// the render's task instead: as soon as a test can look at a render, its effects have run, as they
// had under React's act(). The order (effects after the render they follow) is the same.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  // A mocked answer the server would never send fails the test, even if the page swallowed it.
  const mismatches = takeSchemaMismatches();
  if (mismatches.length > 0) throw new Error(`Mocked answers that do not match the contracts:\n${mismatches.join('\n')}`);
});
