import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeSchemaMismatches } from './schema-mismatches';

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
